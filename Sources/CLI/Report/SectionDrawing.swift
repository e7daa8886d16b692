import Presentation

/// A view that draws each kind of section as lines of its own format: the terminal, Markdown and
/// HTML views. The choice of drawing by a section's content is made here once, so a new kind of
/// section is one case to add, and a view that forgets to draw it does not compile.
protocol SectionDrawing {
    func draw(_ title: TitleViewData) -> [String]
    func draw(_ tips: TipsViewData) -> [String]
    func draw(_ character: CharacterViewData) -> [String]
    func draw(_ aptitude: AptitudeViewData) -> [String]
    func draw(_ keywords: KeywordsViewData) -> [String]
    func draw(_ video: VideoViewData) -> [String]
    /// A section the report has no data for.
    func drawUnavailable(heading: String) -> [String]
}

extension SectionDrawing {
    /// The lines of one section, by what it holds.
    func draw(_ section: SectionViewData) -> [String] {
        switch section.content {
        case .title(let title)?: draw(title)
        case .tips(let tips)?: draw(tips)
        case .character(let character)?: draw(character)
        case .aptitude(let aptitude)?: draw(aptitude)
        case .keywords(let keywords)?: draw(keywords)
        case .video(let video)?: draw(video)
        case nil: drawUnavailable(heading: section.heading)
        }
    }
}
