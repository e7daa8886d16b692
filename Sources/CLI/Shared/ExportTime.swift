import Domain
import Presentation

/// When a shared page was exported: the run's clock (`AppContext.clock`, fixed in the tests so
/// that golden files stay put), shown in the time zone of the interview the page is about — the
/// service's, as every date on the page — or in UTC when that date has no offset.
struct ExportTime: Hashable, Sendable {
    let secondsSince1970: Int64

    func text(zoneOf iso: String?, words: Words = .english) -> String {
        let zone = PageDate.zone(of: iso)
        return PageDate.dateTime(Int(secondsSince1970) + zone.offset, zone: zone.label, words: words)
    }
}
