/// Korean forms of the help texts, keyed by their English form (as gettext keys by msgid).
enum KoreanHelp {
    static let texts: [String: String] = [
        "--paginate follows a list endpoint's pages (the contract's {\"items\", \"page\", \"size\", \"total\"}): from the page PATH asks for (page=N, else the first), each next one the first page's total and size say there is, until one brings no items; each page is printed as it arrives, a document each, or with --slurp as one JSON array once all are in. A response that is not such a page is the only one. --jq EXPR filters each page (with --slurp, the array) through a jq expression.":
            "--paginate는 목록 경로의 페이지(계약의 {\"items\", \"page\", \"size\", \"total\"})를 따라갑니다. PATH가 요청하는 페이지(page=N, 없으면 첫 페이지)부터, 첫 페이지의 total과 size가 말하는 다음 페이지를 항목이 없는 페이지가 올 때까지 차례로 요청합니다. 페이지는 받는 대로 하나씩 문서로 출력하고, --slurp를 주면 모두 받은 뒤 JSON 배열 하나로 출력합니다. 그런 페이지가 아닌 응답은 그것 하나로 끝납니다. --jq EXPR은 페이지마다(--slurp면 배열을) jq 식으로 거릅니다.",
        "With --paginate: print the pages as one JSON array, once all are in.":
            "--paginate와 함께 씁니다. 모든 페이지를 받은 뒤 JSON 배열 하나로 출력합니다.",
        "Follow the pages of a list endpoint (/v1/interviews): GET each page the first one's total and size say there is, and print each as it arrives.":
            "목록 경로(/v1/interviews)의 페이지를 따라갑니다. 첫 페이지의 total과 size가 말하는 페이지마다 GET으로 요청하고, 받는 대로 출력합니다.",
        "How to write the list: text (a table on a terminal, tab-separated in a pipe), json (as --json) or csv (a spreadsheet's table; with -o FILE, Excel reads its Hangul).":
            "목록을 쓰는 형식입니다: text(터미널에서는 표, 파이프에서는 탭으로 구분), json(--json과 같음), csv(스프레드시트용 표, -o FILE로 쓰면 Excel에서도 한글이 깨지지 않음).",
        "Filter each JSON document (each line with --jsonl) through this jq expression; strings are printed raw. Implies --json.":
            "JSON 문서마다(--jsonl이면 한 줄마다) 이 jq 식으로 거릅니다. 문자열은 따옴표 없이 그대로 출력합니다. --json을 준 것과 같습니다.",
        "Fetch and print interview analysis reports.":
            "면접 분석 리포트를 가져와 출력합니다.",
        "Signs in with `report auth login` (or takes an access token from REPORT_TOKEN) and finds the service from --base-url, REPORT_BASE_URL or the profile's base_url in config.toml. Exit codes: `report help exit-codes`; the environment: `report help environment`; config.toml and credentials: `report help config`.":
            "`report auth login`으로 로그인하거나 REPORT_TOKEN의 액세스 토큰을 쓰고, 서비스 주소는 --base-url, REPORT_BASE_URL, config.toml에 있는 프로필의 base_url 순으로 찾습니다. 종료 코드는 `report help exit-codes`, 환경 변수는 `report help environment`, config.toml과 인증 정보는 `report help config`에서 볼 수 있습니다.",
        "The language of text for a person: ko or en (default: language in config.toml, else LANGUAGE, LC_ALL, LC_MESSAGES, LANG, else en). JSON, TSV and exit codes never change.":
            "화면에 표시할 언어입니다: ko 또는 en(기본값: config.toml의 language, 없으면 LANGUAGE, LC_ALL, LC_MESSAGES, LANG, 그것도 없으면 en). JSON, TSV, 종료 코드는 언어와 관계없이 바뀌지 않습니다.",
        "Show the version.":
            "버전을 보여 줍니다.",
        "Show help information.":
            "도움말을 보여 줍니다.",
        "Fetch an interview's analysis report and print its sections.":
            "면접의 분석 리포트를 가져와 항목별로 출력합니다.",
        "Sections follow the interview's kind: company interviews show tips, character, aptitude and keywords; personality interviews tips, character and keywords; competency interviews tips, aptitude and keywords. A section without data is shown as \"not available\". While the analysis is still running, the title is printed and report exits with 75.":
            "보이는 항목은 면접 유형에 따라 다릅니다. 기업 면접은 면접 팁, 인성 분석, 적성 검사, 키워드를, 인성 면접은 면접 팁, 인성 분석, 키워드를, 역량 면접은 면접 팁, 적성 검사, 키워드를 보여 줍니다. 결과가 없는 항목에는 \"결과 없음\"으로 표시합니다. 분석이 아직 진행 중이면 제목만 출력하고 종료 코드 75로 끝납니다.",
        "--format markdown writes headings, tables and Unicode bars to paste into a note or an issue; --format html one self-contained page (inline CSS and SVG, no scripts) to open, share or print to PDF on A4. Both show what the terminal shows; -o FILE writes either atomically.":
            "--format markdown은 노트나 이슈에 붙여 넣을 수 있게 제목, 표, 유니코드 막대로 씁니다. --format html은 열어 보거나 공유하거나 A4 PDF로 인쇄할 수 있는, 파일 하나로 된 페이지를 씁니다(CSS와 SVG를 페이지 안에 담고 스크립트는 없음). 둘 다 터미널에 보이는 내용과 같습니다. -o FILE은 어느 쪽이든 원자적으로(전부 쓰거나 전혀 쓰지 않게) 파일에 씁니다.",
        "Several terms (--term repeated, --terms-from FILE) are fetched --parallel at a time; --jsonl prints one JSON document a line, in input order unless --unordered; with --format markdown or html all the reports go into one document. A term that fails writes one line on stderr and the others carry on; a summary follows. Exit status: 0 all fetched, 1 some failed, otherwise the failures' shared code (2 when they differ). Bad lines of FILE are reported with their line number and count as failed.":
            "여러 면접(--term을 여러 번, 또는 --terms-from FILE)은 한 번에 --parallel개씩 가져옵니다. --jsonl은 한 줄에 JSON 문서 하나씩, --unordered가 없으면 입력한 순서대로 출력합니다. --format markdown이나 html이면 모든 리포트가 문서 하나에 들어갑니다. 실패한 면접은 표준 오류에 한 줄을 남기고 나머지는 계속 가져오며, 끝에 요약이 나옵니다. 종료 코드: 모두 가져오면 0, 일부가 실패하면 1, 모두 실패하면 그 실패들의 공통 코드(이유가 서로 다르면 2)입니다. FILE의 잘못된 줄은 줄 번호와 함께 알리고 실패로 셉니다.",
        "Finished reports are kept in a local cache (report cache info); the next fetch of a term asks the service only whether it changed (If-None-Match), and a 304 prints the kept copy — or asks nothing while the service said the report is fresh (Cache-Control: max-age; --refresh asks anyway). --offline reads only the cache; --no-cache neither reads nor writes it.":
            "분석이 끝난 리포트는 로컬 캐시에 보관합니다(report cache info). 같은 면접을 다시 가져올 때는 바뀌었는지만 서비스에 묻고(If-None-Match), 304가 오면 보관한 리포트를 출력합니다. 서비스가 준 유효 기간(Cache-Control: max-age) 안에는 아무것도 묻지 않습니다(--refresh를 주면 그래도 묻습니다). --offline은 캐시만 읽고, --no-cache는 캐시를 읽지도 쓰지도 않습니다.",
        "EXAMPLES:":
            "예:",
        "Term numbers of the interviews (as --term).":
            "면접 번호입니다(--term과 같음).",
        "The interview's term number; repeat it for several.":
            "면접 번호입니다. 여러 면접은 이 옵션을 반복해 지정합니다.",
        "Fetch the terms listed in a file, one a line (- for stdin; blank lines and # comments are skipped).":
            "파일에 한 줄에 하나씩 적은 면접 번호의 리포트를 가져옵니다(-는 표준 입력, 빈 줄과 # 주석은 건너뜀).",
        "Fetch the report an app link points to (iamground://analysisComplete?memIdx=…&termNo=…); it must be yours.":
            "앱 링크(iamground://analysisComplete?memIdx=…&termNo=…)가 가리키는 리포트를 가져옵니다. 내 면접의 링크여야 합니다.",
        "Only these sections, comma-separated: title, tips, character, aptitude, keywords, video (video is fetched only when asked for).":
            "쉼표로 구분한 이 항목만 보여 줍니다: title(면접), tips(면접 팁), character(인성 분석), aptitude(적성 검사), keywords(키워드), video(영상 분석). video는 지정했을 때만 가져옵니다.",
        "Fetch your newest interview whose analysis is done.":
            "분석이 끝난 가장 최근 면접을 가져옵니다.",
        "While the analysis is still running, keep asking (with backoff) until it is ready.":
            "분석이 아직 진행 중이면 끝날 때까지 간격을 늘려 가며 서비스에 다시 묻습니다.",
        "How long --wait waits, e.g. 90s, 10m, 1h (default: 10m).":
            "--wait가 기다리는 시간입니다. 예: 90s, 10m, 1h(기본값: 10m).",
        "With several terms: how many to fetch at once (1–64).":
            "여러 면접을 가져올 때 한 번에 가져올 개수입니다(1~64).",
        "After the report, explain how to read each of its sections (the service's hints).":
            "리포트 뒤에 항목마다 읽는 법을 덧붙입니다(서비스가 제공하는 설명).",
        "Print one JSON document a line, one per term (JSON Lines).":
            "면접마다 JSON 문서 하나를 한 줄에 출력합니다(JSON Lines).",
        "How to write the report: text (for a person), json (as --json), markdown (to paste into a note or an issue) or html (a self-contained page to share or print).":
            "리포트를 쓰는 형식입니다: text(사람이 읽는 글), json(--json과 같음), markdown(노트나 이슈에 붙여 넣기용), html(공유하거나 인쇄할 수 있는, 파일 하나로 된 페이지).",
        "With several terms: print each as it is fetched rather than in input order.":
            "여러 면접을 가져올 때 입력 순서가 아니라 가져오는 대로 출력합니다.",
        "Print one JSON document on stdout (errors as one JSON object on stderr).":
            "표준 출력에 JSON 문서 하나를 출력합니다(오류는 표준 오류에 JSON 객체 하나로 출력).",
        "Colour the text: auto (on a terminal, unless NO_COLOR is set; CLICOLOR_FORCE or FORCE_COLOR force it), always or never.":
            "글자에 색을 입힐지 정합니다: auto(터미널에서만 입힘. NO_COLOR가 설정되어 있으면 입히지 않고, CLICOLOR_FORCE나 FORCE_COLOR가 있으면 항상 입힘), always, never 중 하나입니다.",
        "Write the document to this file (atomically: all of it or nothing) instead of stdout.":
            "문서를 표준 출력 대신 이 파일에 씁니다(원자적으로: 전부 쓰거나 전혀 쓰지 않음).",
        "Do not send long output on a terminal through the pager (REPORT_PAGER, PAGER, else less -FRX).":
            "터미널에서 긴 출력을 페이저(REPORT_PAGER, PAGER, 없으면 less -FRX)로 보내지 않습니다.",
        "Read only the local cache of finished reports; ask the service nothing (a term not there: exit 66).":
            "분석이 끝난 리포트를 보관한 로컬 캐시만 읽고 서비스에는 아무것도 묻지 않습니다(캐시에 없는 면접: 종료 코드 66).",
        "Neither read nor write the local cache: fetch every report whole.":
            "로컬 캐시를 읽지도 쓰지도 않고, 모든 리포트를 처음부터 전부 가져옵니다.",
        "Ask the service whether each kept report changed (If-None-Match) even when it says the report is still fresh (Cache-Control: max-age); a 304 prints the kept copy.":
            "서비스가 준 유효 기간(Cache-Control: max-age) 안이라도, 보관한 리포트마다 바뀌었는지 서비스에 확인합니다(If-None-Match). 304가 오면 보관한 리포트를 출력합니다.",
        "The service's base URL (default: REPORT_BASE_URL, else the profile's base_url, else http://127.0.0.1:8080). On this machine :8080 or localhost:8080 is enough (plain http://).":
            "서비스의 기본 URL입니다(기본값: REPORT_BASE_URL, 없으면 프로필의 base_url, 그것도 없으면 http://127.0.0.1:8080). 이 컴퓨터의 서비스라면 :8080이나 localhost:8080만 써도 됩니다(암호화하지 않은 http://).",
        "The profile of config.toml whose base URL and credentials to use (default: REPORT_PROFILE, else default_profile, else \"default\").":
            "기본 URL과 인증 정보를 가져올 config.toml의 프로필입니다(기본값: REPORT_PROFILE, 없으면 default_profile, 그것도 없으면 \"default\").",
        "How many times to repeat a failed request that is safe to repeat (GET, HEAD, PUT, DELETE) after a connect failure, timeout, broken transfer, 408, 429, 500, 502, 503 or 504; 0 for never, at most 10.":
            "다시 보내도 안전한 요청(GET, HEAD, PUT, DELETE)이 연결 실패, 시간 초과, 전송 끊김, 408, 429, 500, 502, 503, 504로 실패했을 때 다시 시도할 횟수입니다. 0이면 다시 시도하지 않으며, 최대 10입니다.",
        "The most the whole command may take, every request, retry and wait included, e.g. 30s, 2m (default: no limit).":
            "명령 전체에 쓸 수 있는 최대 시간입니다. 모든 요청, 재시도, 기다리는 시간을 포함합니다. 예: 30s, 2m(기본값: 제한 없음).",
        "The most connecting to the service may take.":
            "서비스에 연결하는 데 쓸 수 있는 최대 시간입니다.",
        "The most one request may take, its response included.":
            "요청 하나에 쓸 수 있는 최대 시간입니다(응답 포함).",
        "A response that sends no byte for this long fails as a timeout.":
            "응답이 이 시간 동안 1바이트도 보내지 않으면 시간 초과로 실패합니다.",
        "A PEM file of CA certificates to trust instead of the system's (for a private CA).":
            "시스템의 CA 인증서 대신 신뢰할 CA 인증서 PEM 파일입니다(사설 CA용).",
        "Allow plain http:// to a host that is not loopback (the token would travel unencrypted).":
            "루프백이 아닌 호스트에도 암호화하지 않은 http://를 허용합니다(토큰이 암호화되지 않은 채 전송됩니다).",
        "Log each request, response, timing and retry decision on stderr, secrets redacted (also REPORT_DEBUG=1).":
            "요청, 응답, 걸린 시간, 재시도 판단을 하나하나 표준 오류에 기록합니다. 비밀 값은 가립니다(REPORT_DEBUG=1도 같음).",
        "List the interviews you have taken, newest first, each with its analysis status.":
            "내가 본 면접을 최근 것부터 분석 상태와 함께 보여 줍니다.",
        "Shows --limit interviews (default: one page) from --page on, asking for pages of --page-size as needed; --all follows every page (up to --limit when it is given). --status and --kind keep only some. On a terminal the table fits its width and the next page's command follows on stderr; in a pipe each interview is one line of tab-separated fields, untruncated and without a header. --json prints one document (the interviews, where the next page starts, the total; written once all pages are in); --jsonl one interview a line as they arrive; --jq EXPR filters the document (each line with --jsonl) through a jq expression. --format csv writes one table (RFC 4180, a header of the JSON keys, in Korean under --lang ko; dates in KST) once all pages are in.":
            "--page부터 면접 --limit건(기본값: 한 페이지)을 보여 주며, 필요한 만큼 --page-size 크기의 페이지를 서비스에 요청합니다. --all은 모든 페이지를 따라갑니다(--limit을 주면 그 개수까지). --status와 --kind로 일부만 고를 수 있습니다. 터미널에서는 표를 터미널 너비에 맞추고 다음 페이지를 보는 명령을 표준 오류에 알려 줍니다. 파이프에서는 면접 하나가 탭으로 구분한 한 줄이며, 잘리지 않고 헤더도 없습니다. --json은 문서 하나(면접 목록, 다음 페이지의 시작, 전체 개수)를 모든 페이지를 받은 뒤에 출력하고, --jsonl은 받는 대로 한 줄에 면접 하나씩 출력합니다. --jq EXPR은 그 문서를(--jsonl이면 한 줄씩) jq 식으로 거릅니다. --format csv는 모든 페이지를 받은 뒤 표 하나(RFC 4180, 헤더는 JSON 키이고 --lang ko에서는 한국어, 날짜는 KST)를 씁니다.",
        "At most this many interviews (default: one page; with --all, every one).":
            "보여 줄 면접의 최대 건수입니다(기본값: 한 페이지, --all이면 전부).",
        "Interviews asked for a page (1–100; default 20, or --limit when smaller).":
            "한 페이지로 요청할 면접 수입니다(1~100, 기본값 20, --limit이 더 작으면 --limit).",
        "The page to start from (1 is the newest).":
            "시작할 페이지입니다(1이 가장 최근).",
        "Follow every page from --page on.":
            "--page부터 모든 페이지를 따라갑니다.",
        "Only interviews whose analysis is: done (shown as ready), pending or failed (repeatable).":
            "분석 상태가 이 값인 면접만 보여 줍니다: done 또는 ready(완료), pending(진행 중), failed(실패). 여러 번 지정할 수 있습니다.",
        "Only interviews of a kind: company, personality or competency (repeatable).":
            "이 유형의 면접만 보여 줍니다: company(기업 면접), personality(인성 면접), competency(역량 면접). 여러 번 지정할 수 있습니다.",
        "Print one JSON array on stdout.":
            "표준 출력에 JSON 배열 하나를 출력합니다.",
        "Print one JSON object a line (JSON Lines).":
            "한 줄에 JSON 객체 하나씩 출력합니다(JSON Lines).",
        "Explain how to read a section of the report.":
            "리포트 항목 하나를 읽는 법을 설명합니다.",
        "tips, character, aptitude, keywords or video.":
            "tips(면접 팁), character(인성 분석), aptitude(적성 검사), keywords(키워드), video(영상 분석) 중 하나입니다.",
        "Show whether the service is operational or under maintenance.":
            "서비스가 정상 운영 중인지 점검 중인지 보여 줍니다.",
        "Exits 0 when operational and 69 when under maintenance. Needs no sign-in.":
            "정상 운영 중이면 0, 점검 중이면 69로 끝납니다. 로그인하지 않아도 됩니다.",
        "Check that the service, your credentials and a report all work (for CI).":
            "서비스, 인증 정보, 리포트가 모두 제대로 동작하는지 확인합니다(CI용).",
        "Runs in order: the service is reachable and not under maintenance; the credentials are valid (refreshed if needed); a report — --term N, or the newest listed interview whose analysis is done — fetches and decodes. Prints a line per check and exits with the exit code of the first failure (0 when all pass). --junit FILE also writes the results as JUnit XML.":
            "다음을 차례로 확인합니다: 서비스에 연결되고 점검 중이 아닌지, 인증 정보가 유효한지(필요하면 갱신), 리포트 하나(--term N, 또는 목록에서 분석이 끝난 가장 최근 면접)를 받아 읽을 수 있는지. 확인마다 한 줄씩 출력하고, 처음 실패한 확인의 종료 코드로 끝납니다(모두 통과하면 0). --junit FILE을 주면 결과를 JUnit XML로도 씁니다.",
        "The interview whose report to fetch.":
            "리포트를 가져올 면접입니다.",
        "Also write the results as JUnit XML to this file.":
            "결과를 이 파일에 JUnit XML로도 씁니다.",
        "Fetch the report whole, not through the local cache (by default a report kept from an earlier fetch is revalidated with If-None-Match, and a 304 decodes the kept copy).":
            "로컬 캐시를 거치지 않고 리포트를 전부 가져옵니다(기본으로는 앞서 가져와 보관한 리포트가 바뀌었는지 If-None-Match로 확인하고, 304가 오면 보관한 리포트를 읽습니다).",
        "Sign in and out, show who is signed in, and list and switch profiles.":
            "로그인과 로그아웃을 하고, 누가 로그인되어 있는지 보여 주며, 프로필 목록을 보여 주고 기본 프로필을 바꿉니다.",
        "List the profiles: each one's service, member and sign-in, and which is the default.":
            "프로필마다 서비스, 회원, 로그인 상태를 보여 주고 기본 프로필을 표시합니다.",
        "Reads config.toml and the stored credentials only: no request is made and no token is shown. An expired access token is renewed by the next command that uses the profile.":
            "config.toml과 저장된 인증 정보만 읽습니다. 서비스에 요청을 보내지 않고 토큰도 보여 주지 않습니다. 만료된 액세스 토큰은 그 프로필을 쓰는 다음 명령이 갱신합니다.",
        "Make a profile the default one (default_profile in config.toml).":
            "프로필을 기본 프로필로 정합니다(config.toml의 default_profile).",
        "The profile must be one that report auth list shows. REPORT_PROFILE and --profile still choose another one for a command.":
            "report auth list에 나오는 프로필이어야 합니다. REPORT_PROFILE이나 --profile을 지정하면 그 명령에는 지정한 프로필을 씁니다.",
        "The profile to make the default one.":
            "기본으로 정할 프로필입니다.",
        "The options every command shares (--base-url, --profile, --lang, --color, --no-pager, --verbose, --timeout, --max-time, --retries, --cacert, …) go before the command or after it; given twice, the one after the command wins.":
            "모든 명령에 공통인 옵션(--base-url, --profile, --lang, --color, --no-pager, --verbose, --timeout, --max-time, --retries, --cacert 등)은 명령 앞에도 뒤에도 쓸 수 있습니다. 두 번 지정하면 명령 뒤에 쓴 값을 씁니다.",
        "Credentials are kept per profile in $XDG_CONFIG_HOME/report/credentials.json (default ~/.config/report), readable by you only, and the access token is refreshed before it expires. REPORT_TOKEN, when set, overrides them.":
            "인증 정보는 프로필마다 $XDG_CONFIG_HOME/report/credentials.json(기본값 ~/.config/report)에 본인만 읽을 수 있게 저장하고, 액세스 토큰은 만료되기 전에 갱신합니다. REPORT_TOKEN이 설정되어 있으면 저장된 인증 정보보다 우선합니다.",
        "Sign in with a refresh token and store the credentials.":
            "리프레시 토큰으로 로그인하고 인증 정보를 저장합니다.",
        "Reads the refresh token from standard input with --with-token (report auth login --with-token < token.txt), or asks for it without echo when standard input is a terminal. The token is never taken as an argument: other users can read those. The base URL signed in to (from --base-url or REPORT_BASE_URL) is saved as the profile's base_url in config.toml (its table added if need be), so later commands of the profile go there without either.":
            "--with-token을 주면 리프레시 토큰을 표준 입력에서 읽고(report auth login --with-token < token.txt), 표준 입력이 터미널이면 입력한 내용이 화면에 보이지 않게 물어봅니다. 토큰은 명령 인수로 받지 않습니다. 명령 인수는 다른 사용자도 볼 수 있기 때문입니다. 로그인한 서비스의 기본 URL(--base-url이나 REPORT_BASE_URL)은 config.toml에 프로필의 base_url로 저장하므로(필요하면 프로필 테이블을 추가), 이후 그 프로필의 명령은 둘 다 없이도 그 주소로 갑니다.",
        "Read the refresh token from standard input.":
            "리프레시 토큰을 표준 입력에서 읽습니다.",
        "Show who is signed in (asking the service), with which profile and base URL.":
            "누가 어떤 프로필과 기본 URL로 로그인되어 있는지 서비스에 물어 보여 줍니다.",
        "Exits 0 when the credentials work and 4 when there are none or the service refuses them.":
            "인증 정보가 유효하면 0, 인증 정보가 없거나 서비스가 거부하면 4로 끝납니다.",
        "Remove the profile's stored credentials and the reports cached for them.":
            "프로필에 저장된 인증 정보와 그 인증 정보로 캐시한 리포트를 지웁니다.",
        "Succeeds, saying so, when there were none. The member's finished reports kept in the local cache for this service are removed too (report cache clear removes every entry).":
            "저장된 인증 정보가 없어도 없다고 알리고 성공합니다. 이 서비스에서 로컬 캐시에 보관한 그 회원의 리포트도 함께 지웁니다(report cache clear는 모든 항목을 지웁니다).",
        "Print a valid access token (refreshed if needed), for scripts.":
            "스크립트에서 쓸 수 있게 유효한 액세스 토큰을 출력합니다(필요하면 갱신).",
        "The only command that prints a token. Keep its output out of logs.":
            "토큰을 출력하는 유일한 명령입니다. 출력이 로그에 남지 않게 하세요.",
        "Show the settings in effect and where each came from; set them in config.toml.":
            "지금 적용되는 설정과 각 설정이 어디서 왔는지 보여 주고, config.toml에 설정을 저장합니다.",
        "Settings come from, strongest first: a flag, the environment, config.toml, the default (report help config, report help environment).":
            "설정은 플래그, 환경 변수, config.toml, 기본값 순으로 앞의 것이 우선합니다(report help config, report help environment).",
        "Show each setting in effect, its value and where it came from.":
            "지금 적용되는 설정마다 값과 어디서 왔는지 보여 줍니다.",
        "Print the value of one setting in effect (for scripts).":
            "지금 적용되는 설정 하나의 값을 출력합니다(스크립트용).",
        "NAME is one of profile, base_url, credentials, config_dir, cache_dir, pager, color, language.":
            "NAME은 profile, base_url, credentials, config_dir, cache_dir, pager, color, language 중 하나입니다.",
        "The setting.":
            "설정 이름입니다.",
        "Set a setting in config.toml (atomically; comments and other lines are kept).":
            "config.toml에 설정을 저장합니다(원자적으로 쓰며, 주석과 다른 줄은 그대로 둡니다).",
        "profile NAME sets default_profile; base_url URL sets the base URL of the profile (--profile, else the one in effect), adding its [profiles.NAME] table if need be; language ko|en sets the language of text for a person; color auto|always|never the colour (below --color, NO_COLOR, CLICOLOR_FORCE and FORCE_COLOR); pager COMMAND the pager (below REPORT_PAGER and PAGER; \"\" or cat for none).":
            "profile NAME은 default_profile을 정합니다. base_url URL은 프로필(--profile, 없으면 지금 적용되는 프로필)의 기본 URL을 정하며, 필요하면 [profiles.NAME] 테이블을 추가합니다. language ko|en은 화면에 표시할 언어를 정합니다. color auto|always|never는 색을 정하며(--color, NO_COLOR, CLICOLOR_FORCE, FORCE_COLOR가 우선합니다), pager COMMAND는 페이저를 정합니다(REPORT_PAGER와 PAGER가 우선합니다. \"\"나 cat이면 페이저를 쓰지 않습니다).",
        "profile, base_url, language, color or pager.":
            "profile, base_url, language, color, pager 중 하나입니다.",
        "The new value.":
            "새 값입니다.",
        "Compare two reports: each trait's and game's score and its change, grade, percentile, keywords.":
            "리포트 두 개를 비교합니다: 특성과 게임마다 점수와 변화, 등급, 백분위, 키워드.",
        "Traits and games match by name, across interview kinds; the change is from the older interview to the newer, in whichever order the terms are given (a line on stderr says when they were swapped, or are of different kinds, or are one interview). The video's gaze, voice and speaking rate are compared as means, and per question where both asked the same one. A section only one of them shows is said so. --latest 2 takes the newest finished interview and the newest before it of the same kind. Both analyses must be done (a pending one exits 75, a failed one 65). --format markdown or html writes the comparison to paste into a note or to share as one page; --format csv as one table, a row a measure (RFC 4180; with -o FILE Excel reads its Hangul); --jq EXPR filters the JSON. Reports kept in the local cache are revalidated (If-None-Match), not downloaded again, or not asked for while fresh (Cache-Control: max-age; --refresh asks anyway); --offline compares kept reports without asking the service.":
            "특성과 게임은 면접 유형이 달라도 이름으로 짝을 짓고, 변화는 면접 번호를 어떤 순서로 입력해도 먼저 본 면접에서 나중에 본 면접 쪽으로 계산합니다. 순서를 바꿨을 때, 두 면접의 유형이 다를 때, 같은 면접을 두 번 입력했을 때는 표준 오류(stderr)에 한 줄로 알려 줍니다. 영상 분석의 시선 안정도, 음성 안정도, 말하기 속도는 평균으로 비교하고, 두 면접에 같은 질문이 있으면 질문별로도 비교합니다. 한쪽에만 있는 항목은 그렇다고 표시합니다. --latest 2는 분석이 끝난 가장 최근 면접과, 그보다 앞선 같은 유형의 가장 최근 면접을 고릅니다. 두 면접 모두 분석이 끝나 있어야 합니다(진행 중이면 75, 실패했으면 65로 끝납니다). --format markdown이나 html은 비교 결과를 노트에 붙여 넣거나 한 장의 페이지로 공유할 수 있게 씁니다. --format csv는 측정 항목마다 한 행인 표 하나로 씁니다(RFC 4180, -o FILE로 쓰면 Excel에서도 한글이 깨지지 않습니다). --jq EXPR은 JSON을 jq 식으로 거릅니다. 로컬 캐시에 보관한 리포트는 다시 내려받지 않고 바뀌었는지만 확인하며(If-None-Match), 유효 기간(Cache-Control: max-age) 안에는 묻지도 않습니다(--refresh를 주면 그래도 묻습니다). --offline은 서비스에 묻지 않고 보관한 리포트를 비교합니다.",
        "The two terms, in either order: the older is compared with the newer.":
            "비교할 두 면접 번호입니다. 순서와 상관없이 먼저 본 면접을 나중에 본 면접과 비교합니다.",
        "Compare the newest N (2) interviews of one kind whose analysis is done, the older first.":
            "분석이 끝난 같은 유형의 가장 최근 면접 N(2)건을 이전 면접부터 비교합니다.",
        "With --latest: only interviews of this kind: company, personality or competency (repeatable).":
            "--latest와 함께 쓰며, 이 유형의 면접만 고릅니다: company(기업 면접), personality(인성 면접), competency(역량 면접). 여러 번 지정할 수 있습니다.",
        "How to write the comparison: text (for a person), json (as --json), markdown (to paste into a note or an issue), html (a self-contained page to share or print) or csv (a spreadsheet's table, a row a measure).":
            "비교 결과를 쓰는 형식입니다: text(사람이 읽는 글), json(--json과 같음), markdown(노트나 이슈에 붙여 넣기용), html(공유하거나 인쇄할 수 있는, 파일 하나로 된 페이지), csv(스프레드시트용 표, 측정 항목마다 한 행).",
        "Show how each trait, game, grade and percentile changed over your finished interviews.":
            "분석이 끝난 면접들에 걸쳐 특성, 게임, 등급, 백분위가 어떻게 바뀌었는지 보여 줍니다.",
        "Takes every interview whose analysis is done (or those --kind, --since, --until and --last keep, or the terms given), in the order they were taken, and for each trait, game and video measure (gaze, voice) seen in more than one report shows a sparkline over those interviews (· where a report has no value) with the first, last and best score, then what rose most and what fell of all of them. Games are compared in percent of their maximum, the percentile as \"top N%\". Reports are fetched --parallel at a time, over reused connections; those kept in the local cache are revalidated (If-None-Match), not downloaded again, or not asked for while fresh (Cache-Control: max-age). --format html writes the trend as one self-contained page (sparklines as inline SVG, no scripts) to share or print; --format csv one table, a row a measure of an interview (RFC 4180, dates in KST; with -o FILE Excel reads its Hangul); --jq EXPR filters the JSON (each line with --jsonl).":
            "분석이 끝난 모든 면접(또는 --kind, --since, --until, --last로 고른 면접, 또는 지정한 면접 번호의 면접)을 본 순서대로 놓고, 리포트 두 개 이상에 나오는 특성, 게임, 영상 분석 지표(시선 안정도, 음성 안정도)마다 그 면접들에 걸친 한 줄 그래프(스파크라인, 값이 없는 리포트는 ·)와 처음, 마지막, 최고 점수를 보여 준 뒤, 전체에서 가장 많이 오른 것과 내린 것을 보여 줍니다. 게임은 만점 대비 %로, 백분위는 \"상위 N%\"로 비교합니다. 리포트는 연결을 재사용하며 한 번에 --parallel개씩 가져오고, 로컬 캐시에 보관한 리포트는 다시 내려받지 않고 바뀌었는지만 확인하며(If-None-Match), 유효 기간(Cache-Control: max-age) 안에는 묻지도 않습니다. --format html은 추이를 공유하거나 인쇄할 수 있는, 파일 하나로 된 페이지로 씁니다(스파크라인은 페이지 안의 SVG, 스크립트 없음). --format csv는 면접마다 측정 항목마다 한 행인 표 하나로 씁니다(RFC 4180, 날짜는 KST, -o FILE로 쓰면 Excel에서도 한글이 깨지지 않습니다). --jq EXPR은 JSON을(--jsonl이면 한 줄씩) jq 식으로 거릅니다.",
        "The terms to follow (at least 2), instead of choosing them from the list.":
            "목록에서 고르는 대신 직접 지정하는, 추이를 볼 면접 번호입니다(2개 이상).",
        "Only interviews taken on or after this date (YYYY-MM-DD, the interview's own date).":
            "이 날짜나 그 뒤에 본 면접만 고릅니다(YYYY-MM-DD, 면접을 본 날짜 기준).",
        "Only interviews taken on or before this date (YYYY-MM-DD, the interview's own date).":
            "이 날짜나 그 전에 본 면접만 고릅니다(YYYY-MM-DD, 면접을 본 날짜 기준).",
        "Only the newest N finished interviews (at least 2).":
            "분석이 끝난 가장 최근 면접 N건만 고릅니다(2 이상).",
        "How many reports to fetch at once (1–64).":
            "한 번에 가져올 리포트 수입니다(1~64).",
        "One JSON object a line: each trait's and game's series, then the aptitude's.":
            "한 줄에 JSON 객체 하나씩 출력합니다: 특성과 게임마다 시계열 하나, 그다음 적성 검사의 시계열.",
        "How to write the trend: text (for a person), json (as --json), html (a self-contained page to share or print) or csv (a spreadsheet's table, a row a measure of an interview).":
            "추이를 쓰는 형식입니다: text(사람이 읽는 글), json(--json과 같음), html(공유하거나 인쇄할 수 있는, 파일 하나로 된 페이지), csv(스프레드시트용 표, 면접마다 측정 항목마다 한 행).",
        "Fetch every report whole, not through the local cache (by default a report kept from an earlier fetch is revalidated with If-None-Match, and a 304 reads the kept copy).":
            "로컬 캐시를 거치지 않고 모든 리포트를 전부 가져옵니다(기본으로는 앞서 가져와 보관한 리포트가 바뀌었는지 If-None-Match로 확인하고, 304가 오면 보관한 리포트를 읽습니다).",
        "Show or clear the local store of finished reports.":
            "분석이 끝난 리포트를 보관하는 로컬 저장소를 보여 주거나 비웁니다.",
        "fetch, compare, trend and sync keep finished reports and their interviews in $XDG_CACHE_HOME/report (default ~/.cache/report; a folder 0700), in one SQLite database (0600) per service and member, with the ETag the service sent; the next fetch of a term asks only whether it changed, or nothing while the service said it is fresh (Cache-Control: max-age; cache info counts those). Pending and failed analyses are never kept. Kept reports stay until cache clear; once a member's store holds REPORT_CACHE_MAX_SIZE (default 50MiB), new reports are not kept. report auth logout removes the member's store.":
            "fetch, compare, trend, sync는 분석이 끝난 리포트와 그 면접을 서비스가 보낸 ETag와 함께 $XDG_CACHE_HOME/report(기본값 ~/.cache/report, 폴더 0700)에 서비스와 회원마다 SQLite 데이터베이스 하나(0600)로 보관합니다. 같은 면접을 다시 가져올 때는 바뀌었는지만 묻고, 서비스가 준 유효 기간(Cache-Control: max-age) 안에는 아무것도 묻지 않습니다(cache info가 그런 항목을 셉니다). 분석이 진행 중이거나 실패한 리포트는 보관하지 않습니다. 보관한 리포트는 cache clear로 지울 때까지 남습니다. 한 회원의 저장소가 REPORT_CACHE_MAX_SIZE(기본값 50MiB)만큼 차면 새 리포트는 보관하지 않습니다. report auth logout은 그 회원의 저장소를 지웁니다.",
        "Say where the store is, how many reports it keeps and how big it is.":
            "저장소가 어디에 있는지, 리포트를 몇 개 보관하는지, 크기가 얼마인지 알려 줍니다.",
        "Remove every report of the store (every service and member).":
            "저장소의 모든 리포트를 지웁니다(모든 서비스와 회원).",
        "Bring every finished report of yours into the local store.":
            "분석이 끝난 내 리포트를 모두 로컬 저장소로 가져옵니다.",
        "Lists your interviews and brings each one whose analysis is done — its interview, its analysis report and its video report — into the local store (report cache info), where fetch, compare and trend read it, with --offline too. What the store already holds is asked for conditionally (If-None-Match): a second sync downloads nothing that did not change, and asks nothing while the service says a report is fresh (Cache-Control: max-age; --refresh asks anyway).":
            "내 면접 목록을 보고, 분석이 끝난 면접마다 면접 정보, 분석 리포트, 영상 분석을 로컬 저장소(report cache info)로 가져옵니다. fetch, compare, trend는 --offline일 때도 이 저장소를 읽습니다. 저장소에 이미 있는 것은 바뀌었는지만 묻기 때문에(If-None-Match) 두 번째 sync는 바뀌지 않은 것을 다시 내려받지 않고, 서비스가 준 유효 기간(Cache-Control: max-age) 안에는 묻지도 않습니다(--refresh를 주면 그래도 묻습니다).",
        "Interviews are synced --parallel at a time, with a progress line on a terminal and a summary at the end; --json prints the summary as one JSON document, --jsonl one line an interview. Ctrl-C stops the sync, keeping what it brought in: the next sync resumes where it stopped. Exit status: 0 all synced, 1 some failed, otherwise the failures' shared code (2 when they differ).":
            "면접은 한 번에 --parallel개씩 동기화하며, 터미널에서는 진행 상황을 한 줄로 보여 주고 끝에 요약을 출력합니다. --json은 요약을 JSON 문서 하나로, --jsonl은 면접마다 한 줄씩 출력합니다. Ctrl-C로 멈추면 그때까지 가져온 것은 남고, 다음 sync가 멈춘 곳부터 이어서 합니다. 종료 코드: 모두 동기화하면 0, 일부가 실패하면 1, 모두 실패하면 그 실패들의 공통 코드(이유가 서로 다르면 2)입니다.",
        "How many interviews to sync at once (1–64).":
            "한 번에 동기화할 면접 수입니다(1~64).",
        "Print one JSON document a line, one per interview (JSON Lines).":
            "면접마다 한 줄에 JSON 문서 하나씩 출력합니다(JSON Lines).",
        "Ask the service whether each kept report changed (If-None-Match) even when it says the report is still fresh (Cache-Control: max-age).":
            "서비스가 준 유효 기간(Cache-Control: max-age) 안이라도, 보관한 리포트마다 바뀌었는지 서비스에 확인합니다(If-None-Match).",
        "Send an authenticated request to a path of the service and print the response body.":
            "서비스의 경로에 인증된 요청을 보내고 응답 본문을 출력합니다.",
        "PATH is a path on the base URL (/v1/me, or v1/interviews?page=2); a URL of another origin is refused, so the credentials never go elsewhere. A segment a server could read as . or .., raw, percent-encoded (%2e%2e, ..%2f, %252e) or with a ;parameter (..;/), is refused (exit 64) rather than normalised, and nothing is sent. The request is signed in like every other command (the access token is refreshed, and after a 401 renewed once), GET, HEAD, PUT and DELETE are retried like every other request, and --verbose logs it with secrets redacted. A 2xx response's body is printed: in a pipe or with -o exactly as received; on a terminal every body printable (control characters shown, never obeyed), a JSON body indented and coloured, through the pager, ending with a newline. Any other status prints nothing on stdout, one line on stderr, and exits with the code of the exit-code table (404: 66, 401: 4, 5xx: 3, …).":
            "PATH는 기본 URL 위의 경로입니다(/v1/me 또는 v1/interviews?page=2). 다른 오리진의 URL은 거부하므로 인증 정보가 다른 곳으로 가지 않습니다. 서버가 . 또는 ..로 읽을 수 있는 경로 조각은 그대로든, 퍼센트 인코딩되었든(%2e%2e, ..%2f, %252e), ;매개변수가 붙었든(..;/) 정규화하지 않고 거부하며(종료 코드 64) 아무것도 보내지 않습니다. 요청은 다른 명령과 똑같이 로그인된 상태로 보내고(액세스 토큰을 갱신하며, 401이 오면 한 번 새로 받음), GET, HEAD, PUT, DELETE는 다른 요청처럼 다시 시도하며, --verbose는 비밀 값을 가린 채 요청을 기록합니다. 2xx 응답이면 본문을 출력합니다. 파이프나 -o에서는 받은 그대로 출력하고, 터미널에서는 어떤 본문이든 화면에 안전하게 보이도록(제어 문자는 실행하지 않고 기호로 표시), JSON 본문은 들여쓰고 색을 입혀, 페이저를 거쳐 출력하며 끝에 줄바꿈을 붙입니다. 그 밖의 상태 코드면 표준 출력에는 아무것도 출력하지 않고 표준 오류에 한 줄을 쓴 뒤, 종료 코드 표의 코드로 끝납니다(404: 66, 401: 4, 5xx: 3, …).",
        "A path on the service's base URL, e.g. /v1/me.":
            "서비스 기본 URL 위의 경로입니다. 예: /v1/me.",
        "The HTTP method: GET, HEAD, POST, PUT, PATCH or DELETE (default: GET, or POST with --input).":
            "HTTP 메서드입니다: GET, HEAD, POST, PUT, PATCH, DELETE(기본값: GET, --input이 있으면 POST).",
        "A request header, \"Name: value\"; repeatable. It replaces report's own header of that name, and goes only to the service's origin (never along a redirect elsewhere).":
            "요청 헤더입니다. \"Name: value\" 형식이며 여러 번 지정할 수 있습니다. report가 보내는 같은 이름의 헤더를 대신하고, 서비스의 오리진에만 보냅니다(다른 곳으로 리디렉션되어도 그곳에는 보내지 않습니다).",
        "Send the contents of this file as the request body (\"-\": standard input); Content-Type is application/json unless -H sets it.":
            "이 파일의 내용을 요청 본문으로 보냅니다(\"-\": 표준 입력). -H로 정하지 않으면 Content-Type은 application/json입니다.",
        "Print the status line and the response headers before the body.":
            "본문 앞에 상태 줄과 응답 헤더를 출력합니다.",
        "Errors as one JSON object on stderr (the body is printed as received either way).":
            "오류를 표준 오류에 JSON 객체 하나로 출력합니다(본문은 어느 쪽이든 받은 그대로 출력합니다).",
        "Print the completion script for bash, zsh or fish.":
            "bash, zsh, fish의 자동 완성 스크립트를 출력합니다.",
        "With it loaded, the Tab key completes the commands, the help topics, the options and their values (sections, profiles of config.toml), and file names where an option takes a file. scripts/install and the Debian package install it for every shell.":
            "이 스크립트를 불러오면 Tab 키로 명령, 도움말 주제, 옵션과 그 값(항목, config.toml의 프로필)을 완성하고, 파일을 받는 옵션에서는 파일 이름을 완성합니다. scripts/install과 데비안 패키지는 세 셸 모두에 이 스크립트를 설치합니다.",
        "bash: add to ~/.bashrc the line source <(report completion bash), or save the script as ~/.local/share/bash-completion/completions/report (read by the bash-completion package).":
            "bash: ~/.bashrc에 source <(report completion bash) 줄을 추가하거나, 스크립트를 ~/.local/share/bash-completion/completions/report로 저장합니다(bash-completion 패키지가 읽습니다).",
        "zsh: save the script as _report in a folder of $fpath, such as ~/.zfunc with the line fpath=(~/.zfunc $fpath) before compinit in ~/.zshrc.":
            "zsh: 스크립트를 $fpath에 있는 폴더에 _report라는 이름으로 저장합니다. 예를 들어 ~/.zfunc에 저장하고 ~/.zshrc의 compinit 앞에 fpath=(~/.zfunc $fpath) 줄을 추가합니다.",
        "fish: save the script as ~/.config/fish/completions/report.fish.":
            "fish: 스크립트를 ~/.config/fish/completions/report.fish로 저장합니다.",
        "The shell: bash, zsh or fish.":
            "셸입니다: bash, zsh 또는 fish.",
        "Wait for interviews' analyses to finish, and say so as each one does.":
            "면접 분석이 끝나기를 기다렸다가 끝날 때마다 알려 줍니다.",
        "Without terms, watches every interview of yours whose analysis is still running (from the list). Each term is asked for as fetch --wait asks, with backoff, and a line is printed as each finishes (--jsonl: one JSON object a line); its report is kept in the local cache as fetch keeps it. Terms already finished are named at once. On a terminal each finished term is also notified: by the terminal itself (OSC 9 and OSC 777) and by notify-send where it is installed.":
            "면접 번호를 지정하지 않으면 분석이 아직 진행 중인 내 면접을 모두(목록에서 찾아) 지켜봅니다. 면접마다 fetch --wait처럼 간격을 늘려 가며 서비스에 묻고, 분석이 끝날 때마다 한 줄을 출력합니다(--jsonl은 한 줄에 JSON 객체 하나). 리포트는 fetch처럼 로컬 캐시에 보관합니다. 이미 분석이 끝난 면접은 바로 알려 줍니다. 터미널에서는 분석이 끝난 면접을 터미널 자체 알림(OSC 9, OSC 777)으로, notify-send가 설치되어 있으면 그것으로도 알려 줍니다.",
        "--exec CMD runs CMD for each finished term, with REPORT_TERM (the term) and REPORT_STATUS (ready or failed) in its environment, and waits for it. CMD is split into words at blanks ('…' and \"…\" keep blanks in one word, \\ the next character) and run without a shell; write sh -c '…' for one.":
            "--exec CMD는 분석이 끝난 면접마다 CMD를 실행하고 끝날 때까지 기다립니다. 환경 변수 REPORT_TERM에는 면접 번호가, REPORT_STATUS에는 ready(완료) 또는 failed(실패)가 들어 있습니다. CMD는 공백에서 단어로 나누어('…'와 \"…\"는 공백을 한 단어 안에 두고, \\는 다음 글자를 그대로 둠) 셸 없이 실행합니다. 셸이 필요하면 sh -c '…'로 쓰세요.",
        "Exit status: 0 when every analysis finished with a report; 75 when some were still running after --wait-timeout (each named on stderr); otherwise as a batch: 1 when some failed, else the failures' shared code (65: the analyses failed).":
            "종료 코드: 모든 분석이 리포트와 함께 끝나면 0, --wait-timeout이 지나도 진행 중인 분석이 있으면 75(그 면접 번호는 표준 오류에 알림)입니다. 그 밖에는 여러 면접을 가져올 때와 같이 일부가 실패하면 1, 모두 실패하면 그 실패들의 공통 코드(분석 실패는 65)입니다.",
        "Term numbers of the interviews to watch (default: every one still being analysed).":
            "지켜볼 면접 번호입니다(기본값: 분석 중인 면접 모두).",
        "How long to wait, e.g. 90s, 10m, 1h (default: 1h).":
            "기다리는 시간입니다. 예: 90s, 10m, 1h(기본값: 1h).",
        "Run this command for each finished term, with REPORT_TERM and REPORT_STATUS set (split into words, no shell).":
            "분석이 끝난 면접마다 REPORT_TERM과 REPORT_STATUS를 설정해 이 명령을 실행합니다(단어로 나누어 셸 없이 실행).",
        "Print one JSON object a line, one per term as it finishes (JSON Lines).":
            "분석이 끝나는 면접마다 JSON 객체 하나를 한 줄에 출력합니다(JSON Lines).",
        "Search the reports kept on this machine: tips, character, keywords, video feedback.":
            "이 컴퓨터에 보관한 리포트에서 면접 팁, 인성 분석, 키워드, 영상 피드백을 검색합니다.",
        "Looks in every report kept in the local store (fetch, watch and sync keep them) — the tips' summary, titles and bodies, the character type, its description and the traits' comments, the keywords, the video questions and their feedback — and never asks the service. The words of the query are one phrase; blanks and case do not matter, so 압박면접 finds 압박 면접, and any part of a word matches (침착 finds 침착하게). A query of initial consonants alone finds the syllables they begin (ㅊㅊㅎㄱ finds 침착하게).":
            "로컬 저장소에 보관한 모든 리포트(fetch, watch, sync가 보관함)에서 면접 팁의 요약, 제목, 내용, 인성 유형과 설명, 특성별 설명, 키워드, 영상 질문과 피드백을 찾으며, 서비스에는 아무것도 묻지 않습니다. 검색어의 단어들은 한 구절로 찾고 띄어쓰기와 대소문자는 가리지 않으므로 압박면접으로 압박 면접을 찾을 수 있고, 단어의 일부만 써도 찾습니다(침착으로 침착하게를 찾음). 초성만 쓰면 그 초성으로 시작하는 글자를 찾습니다(ㅊㅊㅎㄱ으로 침착하게를 찾음).",
        "Matches are ranked (more of them, in a title or keyword rather than a body, the phrase as typed first; then the newer interview), each with its term, date, kind, company, section and a short excerpt with the match in bold on a terminal (in [brackets] in a pipe, one tab-separated line a match). --json prints one document, --jsonl one match a line. Exit status: 0 when something matched, 1 when nothing did (as grep).":
            "찾은 내용은 순위대로 보여 줍니다(많이 나올수록, 본문보다 제목이나 키워드에 있을수록, 입력한 그대로의 구절일수록 앞에 오고, 그다음은 최근 면접 순). 각각 면접 번호, 날짜, 유형, 기업, 항목과 짧은 발췌를 보여 주며, 찾은 부분은 터미널에서 굵게, 파이프에서는 [대괄호]로 표시합니다(파이프에서는 한 줄에 하나씩 탭으로 구분). --json은 문서 하나를, --jsonl은 한 줄에 찾은 내용 하나를 출력합니다. 종료 코드: 찾은 내용이 있으면 0, 없으면 1입니다(grep과 같음).",
        "What to look for: one phrase (its words may be given apart).":
            "찾을 내용입니다. 한 구절로 찾습니다(단어를 나누어 써도 됨).",
        "Only interviews whose company name contains this.":
            "기업 이름에 이 글자가 들어 있는 면접만 찾습니다.",
        "At most this many matches (1–1000).":
            "찾은 내용을 최대 이만큼 보여 줍니다(1~1000).",
        "Print one JSON object a line, one per match (JSON Lines).":
            "찾은 내용마다 JSON 객체 하나를 한 줄에 출력합니다(JSON Lines).",
    ]
}
