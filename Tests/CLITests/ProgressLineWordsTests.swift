@testable import CLI
import Domain
import Presentation
import Terminal
import Testing

/// The lines `report` rewrites in place on a terminal's stderr — `--wait`'s and a batch's — and
/// the batch summary speak the run's language.
@Suite("Progress lines in the member's language")
struct ProgressLineWordsTests {
    private func terminalError() -> (IOStreams, OutputBuffer) {
        let error = OutputBuffer(isTerminal: true, columns: 80)
        return (IOStreams.buffered(output: OutputBuffer(isTerminal: false, columns: nil), error: error), error)
    }

    @Test func theWaitLineInEitherLanguage() throws {
        let term = try #require(TermNumber(1005))
        for (words, expected) in [(Words.english, "report: term 1005: analysis still running, waited 1m 5s…"),
                                  (Words.korean, "report: 면접 번호 1005: 아직 분석 중입니다(1분 5초 기다림)…")] {
            let (streams, error) = terminalError()
            let progress = WaitProgress(termNo: term, standardError: streams.error, words: words)
            progress.show(waited: .seconds(65))
            #expect(error.text == "\r\u{1B}[K" + expected)
        }
    }

    @Test func howLongItWaitedInEitherLanguage() {
        let durations: [Duration] = [.seconds(45), .seconds(180), .seconds(200), .seconds(3900)]
        #expect(durations.map { WaitProgress.text($0) } == ["45s", "3m", "3m 20s", "1h 5m"])
        #expect(durations.map { WaitProgress.text($0, words: .korean) } == ["45초", "3분", "3분 20초", "1시간 5분"])
    }

    @Test func theBatchLineInEitherLanguage() {
        #expect(BatchProgress.text(done: 120, failed: 2, total: 1000, elapsed: .seconds(2)) == "report: 120 of 1000 done, 2 failed, 60/s")
        #expect(BatchProgress.text(done: 120, failed: 2, total: 1000, elapsed: .seconds(2), words: .korean)
                == "report: 1000건 중 120건 완료, 실패 2건, 초당 60건")
        #expect(BatchProgress.text(done: 3, failed: 0, total: nil, elapsed: .zero, words: .korean) == "report: 3건 완료, 실패 0건")
        #expect(BatchTally().summary(seconds: 0, words: .korean) == "가져올 면접이 없습니다.")
        #expect(BatchTally.elapsed(0.0001, words: .korean) == "1 ms 미만")
    }
}
