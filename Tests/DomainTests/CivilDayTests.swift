import Domain
import Testing

@Suite("The calendar rule")
struct CivilDayTests {
    @Test func knownDaysHaveTheirCounts() {
        #expect(CivilDay(year: 1970, month: 1, day: 1).daysSince1970 == 0)
        #expect(CivilDay(year: 1969, month: 12, day: 31).daysSince1970 == -1)
        #expect(CivilDay(year: 2000, month: 3, day: 1).daysSince1970 == 11_017)
        #expect(CivilDay(year: 2026, month: 11, day: 26).daysSince1970 == 20_783)
        #expect(CivilDay(daysSince1970: 20_783) == CivilDay(year: 2026, month: 11, day: 26))
    }

    @Test func everyDayOfFourCenturiesGoesThereAndBack() {
        for days in -146_097...146_097 {
            let day = CivilDay(daysSince1970: days)
            #expect(day.daysSince1970 == days)
            if days % 997 == 0 { #expect((1...12).contains(day.month) && (1...31).contains(day.day)) }
        }
    }
}
