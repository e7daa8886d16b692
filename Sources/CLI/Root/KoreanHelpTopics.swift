extension HelpTopic {
    /// The topic in Korean (`report --lang ko help exit-codes`): the same content as `text`.
    var koreanText: String {
        switch self {
        case .exitCodes:
            let rows = Self.exitCodeRows(\.koreanMeaning)
            return """
                종료 코드
                모든 명령은 다음 코드 중 하나로 끝납니다(맞는 것이 있으면 sysexits(3)의 값). 0, 1, 2가 \
                아닌 코드로 끝나면 표준 출력은 비어 있고(75는 그때까지 알게 된 내용을 출력합니다) 표준 \
                오류에 한 줄이 나옵니다. --json이면 그 한 줄 대신 JSON 객체 하나가 나오며, "exitCode"는 \
                코드, "code"는 코드의 이름입니다.

                \(rows.joined(separator: "\n"))

                표준 출력의 파이프가 닫히면 report는 SIGPIPE처럼 조용히 끝납니다(셸에서는 141).
                페이저를 끝까지 보지 않고 나가는 것은 이에 해당하지 않습니다(실패가 없으면 0).

                """
        case .environment:
            return """
                환경 변수
                  REPORT_BASE_URL   서비스의 기본 URL(--base-url이 우선합니다)
                  REPORT_TOKEN      저장된 인증 정보 대신 쓸 액세스 토큰(CI용). 플래그로는
                                    받지 않습니다: 명령 인수는 다른 사용자도 볼 수 있습니다
                  REPORT_PROFILE    쓸 config.toml 프로필(--profile이 우선합니다)
                  REPORT_DEBUG      0, false, no, off가 아닌 값이면 --verbose처럼 요청을
                                    표준 오류에 기록합니다
                  XDG_CONFIG_HOME   그 안의 report/ 폴더에 config.toml과 credentials.json을
                                    둡니다(기본값: $HOME/.config)
                  XDG_CACHE_HOME    그 안의 report/ 폴더에 분석이 끝난 리포트를 보관합니다
                                    (기본값: $HOME/.cache). fetch --no-cache는 읽지도 쓰지도
                                    않습니다
                  REPORT_CACHE_MAX_SIZE  보관한 리포트가 차지할 최대 크기. 예: 200M, 1G, 0
                                    (기본값: 50MiB. 가장 오래전에 쓴 것부터 지웁니다)
                  NO_COLOR          비어 있지 않은 값이면 색을 끕니다(https://no-color.org)
                  CLICOLOR_FORCE    설정되어 있으면(빈 값과 0 제외) 파이프에서도 색을 씁니다.
                                    NO_COLOR가 우선합니다
                  FORCE_COLOR       CLICOLOR_FORCE와 같습니다
                  TERM              "dumb"이면 색을 끕니다
                  (--color always|never가 이 모두보다 우선합니다)
                  REPORT_PAGER      터미널에 글을 보여 줄 페이저(fetch, list, hint, api, …).
                                    sh -c로 실행합니다. "" 또는 "cat"이면 페이저를 쓰지
                                    않습니다(--no-pager도 같음)
                  PAGER             REPORT_PAGER가 없을 때 같은 역할. 기본값: less -FRX
                                    (LESS가 설정되어 있지 않으면 LESS=FRX로 실행합니다)
                  LANGUAGE, LC_ALL, LC_MESSAGES, LANG
                                    화면에 표시할 언어. gettext와 같은 방식으로 읽습니다
                                    (ko_KR.UTF-8: 한국어, C, POSIX: 영어). --lang ko|en과
                                    config.toml의 language가 먼저입니다

                우선순위는 강한 것부터 플래그, 환경 변수, config.toml, 기본값 순입니다(언어는 \
                플래그, config.toml, 환경 변수 순).

                """
        case .config:
            return """
                설정
                report는 파일을 $XDG_CONFIG_HOME/report/(기본값 ~/.config/report/)에 둡니다:

                  config.toml        선택 사항: 이름을 붙인 프로필(기본 URL)과 기본 프로필.
                                     직접 작성합니다
                  credentials.json   프로필별 인증 정보. `report auth login`이 씁니다.
                                     0600이고, 다른 사용자가 쓸 수 없는 폴더에 있어야
                                     합니다(아니면 거부합니다)
                  credentials.lock   토큰을 갱신하는 동안 report 프로세스가 잡는 파일(비어 있음)

                분석이 끝난 리포트는 $XDG_CACHE_HOME/report/(기본값 ~/.cache/report/)에
                보관합니다: 서비스와 회원마다 폴더 하나(0700), 보관한 응답마다 ETag와 함께
                항목 하나(0600)입니다(report cache info, report cache clear).

                config.toml에는 프로필마다 이름과 서비스의 기본 URL을 적습니다:

                  default_profile = "staging"
                  language = "ko"

                  [profiles.staging]
                  base_url = "https://staging.reports.example.com"

                  [profiles.prod]
                  base_url = "https://reports.example.com"

                키는 default_profile, language(ko 또는 en), color(auto, always, never), pager(명령. ""나 "cat"이면 페이저 없음), 그리고 프로필 안의 base_url입니다. 값은 \
                큰따옴표나 작은따옴표로 감싼 문자열이고, #부터 줄 끝까지는 주석입니다. 프로필은 \
                --profile, REPORT_PROFILE, default_profile, "default" 순으로 정해집니다. 인증 정보는 \
                프로필마다 따로 보관합니다. report가 정확히 읽을 수 없는 파일은 그 줄을 알려 주는 \
                오류가 됩니다(종료 코드 78).

                """
        case .privacy:
            return """
                개인 정보
                report는 원격 측정(telemetry) 데이터를 보내지 않습니다. 사용 통계도, 오류 보고도, \
                업데이트 확인도 없습니다. 연결하는 곳은 지정한 서비스(--base-url, REPORT_BASE_URL 또는 \
                프로필의 base_url)뿐이며, http_proxy, https_proxy, all_proxy에 프록시가 지정되어 \
                있으면 그 프록시를 거칩니다(이 컴퓨터의 주소는 거치지 않습니다). 액세스 토큰은 그 서비스의 \
                출처(origin)에만 보내며, 다른 출처로 리디렉션될 때는 보내지 않습니다.

                이 컴퓨터에는 $XDG_CONFIG_HOME/report/ 폴더에 config.toml과 credentials.json을, \
                $XDG_CACHE_HOME/report/ 폴더에 분석이 끝난 리포트를 보관합니다(report cache clear \
                명령으로 지울 수 있습니다). config.toml 말고는 모두 사용자 본인만 읽을 수 있습니다. 그 \
                밖에는 직접 지정한 파일(-o, --junit)만 씁니다.

                """
        }
    }
}

extension ExitStatus {
    /// `meaning` in Korean.
    var koreanMeaning: String {
        switch self {
        case .success: "성공(여러 면접: 모두 가져옴)"
        case .partialFailure: "여러 면접: 일부만 가져오고 나머지는 실패함. trend나 compare --latest: 리포트 일부를 뺌. search: 찾은 내용이 없음"
        case .noneSucceeded: "여러 면접: 하나도 가져오지 못함, 실패 이유가 서로 다름"
        case .serverError: "서비스 오류(503이 아닌 HTTP 5xx)"
        case .authentication: "로그인이 필요하거나 인증이 거부됨"
        case .filterFailed: "--jq 식이 출력에서 실패했거나 출력이 JSON이 아님"
        case .usage: "사용법 오류: 잘못된 플래그, 인수 또는 --link"
        case .analysisFailed: "서비스가 면접을 분석하지 못함"
        case .notFound: "찾을 수 없음: 없는 면접, 읽을 수 없는 파일, 캐시에 없음(--offline)"
        case .network: "네트워크 오류: DNS, 연결, TLS, 시간 초과, 전송 끊김, --max-time"
        case .unavailable: "서비스를 쓸 수 없음: 점검 중이거나 지금은 요청을 받지 않음"
        case .internalError: "report 내부 오류(버그이니 알려 주세요)"
        case .cannotWrite: "출력 파일(--junit)을 쓸 수 없음"
        case .outputFailed: "표준 출력이나 표준 오류에 쓸 수 없음"
        case .pending: "아직 분석 중(잠시 후 다시 시도해 주세요)"
        case .invalidResponse: "서비스의 응답을 읽을 수 없음"
        case .forbidden: "권한 없음: 다른 회원의 면접"
        case .configuration: "설정 오류: REPORT_BASE_URL, config.toml, 인증 정보, search나 sync가 쓸 수 없는 로컬 저장소"
        case .interrupted: "중단됨(Ctrl-C)"
        case .terminated: "종료됨(SIGTERM)"
        }
    }
}
