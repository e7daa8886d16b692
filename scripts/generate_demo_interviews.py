#!/usr/bin/env python3
"""Writes ServerData/demo/interviews/1009.json … 1035.json, the bulk of member 42's history.

1009–1030 exist so that `report list` has more than one page (20 per page): scores come from a small
linear congruential generator seeded by termNo. 1031–1035 are a series of the same kind for `compare`
and `trend`: five PERSONALITY interviews a month apart (2025-10 to 2026-02, older than the rest, so
they come last in the list), with the same traits, games and video questions in each and scores that
change over time (from the tables below). The output is deterministic: running the script again
rewrites identical files. The hand-written interviews (1001–1008, 2001) are not touched.

Usage: python3 scripts/generate_demo_interviews.py [--out DIR]
"""

import argparse
import json
from datetime import datetime, timedelta, timezone
from pathlib import Path

FIRST, LAST = 1009, 1030
OWNER = 42
KST = timezone(timedelta(hours=9))
NEWEST = datetime(2026, 10, 6, 21, 0, tzinfo=KST)

COMPANIES = ["삼성전자", "LG전자", "SK하이닉스", "현대모비스", "CJ제일제당", "야놀자", "무신사", "컬리",
             "넥슨", "엔씨소프트", "하이브", "크래프톤", "두나무", "리디", "직방", "오늘의집"]
JOBS = [
    ("iOS 개발", ["Swift", "SwiftUI", "앱 성능", "크래시 분석"]),
    ("백엔드 개발", ["Spring", "트래픽 처리", "장애 대응", "API 설계"]),
    ("데이터 분석", ["SQL", "지표 설계", "A/B 테스트", "시각화"]),
    ("서비스 기획", ["사용자 조사", "우선순위", "요구사항 정리", "협업"]),
    ("마케팅", ["캠페인", "퍼포먼스 마케팅", "브랜드", "고객 분석"]),
    ("인사", ["채용", "조직 문화", "온보딩", "면담"]),
]
CAREERS = ["신입", "경력 1년", "경력 2년", "경력 3년", "경력 5년", "경력 7년"]
TYPES = ["COMPANY", "PERSONALITY", "COMPETENCY"]
TIPS = [
    ("answer", "두괄식으로 답하기", "결론을 먼저 말하고 근거를 덧붙이면 면접관이 답변의 방향을 바로 이해할 수 있습니다."),
    ("answer", "경험을 구체적으로", "언제, 어디서, 무엇을 했는지 구체적으로 말하면 경험의 신뢰도가 높아집니다."),
    ("answer", "지원 동기 다듬기", "회사의 최근 서비스나 소식과 자신의 경험을 연결해 지원 동기를 말해 보세요."),
    ("attitude", "자신감 있는 태도", "답변을 마친 뒤 시선을 피하지 말고 면접관을 바라보며 마무리해 주세요."),
    ("attitude", "경청하는 자세", "질문을 들을 때 고개를 가볍게 끄덕이면 집중하고 있다는 인상을 줍니다."),
    ("voice", "또렷한 발음", "문장 끝의 발음이 흐려지는 경향이 있었습니다. 마지막 음절까지 또렷하게 말해 보세요."),
    ("voice", "적절한 속도", "중요한 내용을 말할 때는 속도를 조금 늦추면 전달력이 좋아집니다."),
    ("posture", "안정된 자세", "몸이 좌우로 흔들리는 장면이 있었습니다. 두 발을 바닥에 붙이고 앉아 보세요."),
]
CHARACTERS = [
    ("분석형 리더", "문제를 논리적으로 분석하고 방향을 제시하는 유형입니다."),
    ("따뜻한 조율자", "구성원의 의견을 경청하고 갈등을 부드럽게 조율하는 유형입니다."),
    ("실행형 개척자", "빠르게 시도하고 결과에서 배우는 유형입니다."),
    ("원칙 중심형", "기준과 절차를 지키며 꾸준히 성과를 내는 유형입니다."),
]
TRAITS = ["책임감", "협업 능력", "도전 정신", "공감 능력", "꼼꼼함", "스트레스 관리"]
GAMES = [("도형 회전", 50), ("숫자 추론", 40), ("기억력 게임", 60), ("자료 해석", 50), ("논리 판단", 30)]
QUESTIONS = ["자기소개를 해 주세요.", "지원 동기를 말씀해 주세요.", "협업 중 갈등을 해결한 경험이 있나요?",
             "실패한 경험과 그로부터 배운 점을 말씀해 주세요."]


class Numbers:
    """A tiny LCG, so the data does not depend on Python's random module across versions."""

    def __init__(self, seed):
        self.state = seed

    def below(self, bound):
        self.state = (self.state * 1103515245 + 12345) % (2 ** 31)
        return self.state % bound

    def within(self, low, high):
        return low + self.below(high - low + 1)


def level(score):
    return "LOW" if score < 40 else "MID" if score < 70 else "HIGH"


def grade(percentile):
    for threshold, letter in ((80, "A"), (60, "B"), (40, "C"), (20, "D")):
        if percentile >= threshold:
            return letter
    return "E"


def trait_comment(score):
    if score >= 70:
        return "답변 전반에서 이 특성이 강하게 드러났습니다."
    if score >= 40:
        return "상황에 따라 이 특성이 드러났습니다. 관련 경험을 하나 더 준비해 보세요."
    return "이 특성이 드러나는 경험이 적었습니다. 사례를 준비해 보세요."


def interview_record(term_no):
    index = term_no - FIRST
    numbers = Numbers(term_no)
    item_type = TYPES[index % len(TYPES)]
    occupation, job_keywords = JOBS[index % len(JOBS)]
    company = COMPANIES[(index * 5) % len(COMPANIES)]
    reg_date = NEWEST - timedelta(days=9 * index, hours=numbers.below(8), minutes=15 * numbers.below(4))

    tip_picks = sorted({numbers.below(len(TIPS)) for _ in range(4)})
    tips = {
        "summary": f"{company} {occupation} 면접에서 강점이 잘 드러났습니다. 아래 팁으로 완성도를 높여 보세요.",
        "items": [dict(zip(("category", "title", "body"), TIPS[pick])) for pick in tip_picks],
    }
    character = None
    if item_type in ("COMPANY", "PERSONALITY"):
        kind, description = CHARACTERS[index % len(CHARACTERS)]
        traits = []
        for offset in range(3):
            score = numbers.within(25, 95)
            traits.append({"name": TRAITS[(index + offset * 2) % len(TRAITS)], "score": score,
                           "level": level(score), "comment": trait_comment(score)})
        character = {"type": kind, "description": description, "traits": traits}
    aptitude = None
    if item_type in ("COMPANY", "COMPETENCY"):
        games = []
        for offset in range(2 + index % 2):
            name, max_score = GAMES[(index + offset) % len(GAMES)]
            score = numbers.within(max_score // 4, max_score)
            percentile = min(99, max(1, score * 100 // max_score + numbers.within(-8, 8)))
            games.append({"name": name, "score": score, "maxScore": max_score, "percentile": percentile,
                          "comment": "정확도와 속도가 고르게 나타났습니다." if percentile >= 50
                          else "후반부에 풀이 속도가 떨어졌습니다. 시간 배분을 연습해 보세요."})
        overall = sum(game["percentile"] for game in games) // len(games)
        aptitude = {"grade": grade(overall), "percentile": overall, "games": games}
    keyword = [company] + job_keywords[: 2 + index % 3]

    video = None
    if item_type == "COMPANY" and index % 2 == 0:
        video = {"questions": [
            {"no": number, "question": question, "answerSeconds": numbers.within(35, 110),
             "speechRate": numbers.within(270, 360), "gazeStability": numbers.within(50, 95),
             "voiceStability": numbers.within(50, 95),
             "feedback": "답변 시간이 적절했습니다." if number % 2 else "핵심을 먼저 말하면 더 간결해집니다."}
            for number, question in enumerate(QUESTIONS[: 2 + index % 3], start=1)
        ]}

    return {
        "memIdx": OWNER,
        "interview": {
            "termNo": term_no,
            "companyName": company,
            "occupationName": occupation,
            "careerName": CAREERS[(index * 7) % len(CAREERS)],
            "regDate": reg_date.isoformat(),
            "itemTypeCode": item_type,
            "programLevel": "ADVANCED" if index % 4 == 3 else "BASIC",
            "analysisStatus": "DONE",
        },
        "report": {"tips": tips, "character": character, "aptitude": aptitude, "keyword": keyword},
        "videoReport": video,
    }


# The personality series: one row per interview, oldest first.
SERIES_FIRST = 1031
SERIES_TRAITS = ["책임감", "협업 능력", "도전 정신", "공감 능력", "스트레스 관리"]
SERIES_GAMES = [("도형 회전", 50), ("숫자 추론", 40), ("기억력 게임", 60)]
SERIES_QUESTIONS = ["1분 동안 자기소개를 해 주세요.", "협업 중 갈등을 해결한 경험이 있나요?",
                    "압박감이 큰 상황에서 어떻게 대처하나요?"]
SERIES = [
    # regDate, company, character type, trait scores, game scores, gaze and voice stability
    ("2025-10-14T19:30:00+09:00", "카카오뱅크", 1, [72, 58, 44, 66, 31], [26, 19, 30], (58, 61)),
    ("2025-11-11T20:00:00+09:00", "네이버웹툰", 1, [75, 63, 49, 68, 38], [29, 22, 34], (63, 64)),
    ("2025-12-09T19:15:00+09:00", "토스뱅크", 0, [79, 66, 57, 67, 47], [33, 24, 39], (69, 70)),
    ("2026-01-13T21:00:00+09:00", "당근", 0, [83, 71, 62, 72, 55], [36, 27, 41], (74, 73)),
    ("2026-02-10T19:45:00+09:00", "카카오뱅크", 0, [86, 74, 68, 75, 63], [40, 31, 47], (81, 78)),
]
SERIES_TIPS = {
    "책임감": ("answer", "결과까지 책임진 경험", "맡은 일을 끝까지 해낸 경험을 결과 수치와 함께 말해 보세요."),
    "협업 능력": ("answer", "팀 안에서의 역할", "팀에서 맡은 역할과 다른 사람을 도운 장면을 구체적으로 말해 보세요."),
    "도전 정신": ("answer", "새로운 시도", "익숙하지 않은 일에 먼저 나선 경험을 하나 준비해 보세요."),
    "공감 능력": ("attitude", "상대의 입장에서", "갈등 상황에서 상대가 무엇을 원했는지 먼저 말하면 공감하는 태도가 드러납니다."),
    "스트레스 관리": ("voice", "압박 질문에 침착하게", "압박 질문에서 말이 빨라졌습니다. 한 번 숨을 고르고 결론부터 말해 보세요."),
}


def series_record(index):
    reg_date, company, character_index, trait_scores, game_scores, (gaze, voice) = SERIES[index]
    kind, description = CHARACTERS[character_index]
    ranked = sorted(zip(trait_scores, SERIES_TRAITS))
    weakest, strongest = ranked[0][1], ranked[-1][1]
    first = index == 0
    change = "첫 인성 면접입니다." if first else "지난 면접보다 전반적인 점수가 올랐습니다."
    tips = {
        "summary": f"{change} 가장 돋보인 특성은 {strongest}, 더 연습할 특성은 {weakest}입니다.",
        "items": [dict(zip(("category", "title", "body"), SERIES_TIPS[name])) for name in (weakest, ranked[1][1])],
    }
    traits = [{"name": name, "score": score, "level": level(score), "comment": trait_comment(score)}
              for name, score in zip(SERIES_TRAITS, trait_scores)]
    games = []
    for (name, max_score), score in zip(SERIES_GAMES, game_scores):
        percentile = score * 100 // max_score
        games.append({"name": name, "score": score, "maxScore": max_score, "percentile": percentile,
                      "comment": "정확도와 속도가 고르게 나타났습니다." if percentile >= 50
                      else "후반부에 풀이 속도가 떨어졌습니다. 시간 배분을 연습해 보세요."})
    overall = sum(game["percentile"] for game in games) // len(games)
    video = {"questions": [
        {"no": number, "question": question, "answerSeconds": 50 + 10 * number + index,
         "speechRate": 340 - 8 * index, "gazeStability": min(100, gaze + number - 2),
         "voiceStability": min(100, voice + 2 - number),
         "feedback": "시선이 안정적이었습니다." if gaze >= 70 else "카메라를 바라보는 시간을 늘려 보세요."}
        for number, question in enumerate(SERIES_QUESTIONS, start=1)
    ]}
    return {
        "memIdx": OWNER,
        "interview": {
            "termNo": SERIES_FIRST + index,
            "companyName": company,
            "occupationName": "iOS 개발",
            "careerName": "경력 3년",
            "regDate": reg_date,
            "itemTypeCode": "PERSONALITY",
            "programLevel": "BASIC" if index < 3 else "ADVANCED",
            "analysisStatus": "DONE",
        },
        "report": {
            "tips": tips,
            "character": {"type": kind, "description": description, "traits": traits},
            "aptitude": {"grade": grade(overall), "percentile": overall, "games": games},
            "keyword": [company, "인성 면접"] + [name for _, name in ranked[-2:]],
        },
        "videoReport": video,
    }


def main():
    default_out = Path(__file__).resolve().parent.parent / "ServerData" / "demo" / "interviews"
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=default_out, help="the interviews directory")
    arguments = parser.parse_args()
    arguments.out.mkdir(parents=True, exist_ok=True)
    records = [interview_record(term_no) for term_no in range(FIRST, LAST + 1)]
    records += [series_record(index) for index in range(len(SERIES))]
    for record in records:
        text = json.dumps(record, ensure_ascii=False, indent=2) + "\n"
        (arguments.out / f"{record['interview']['termNo']}.json").write_text(text, encoding="utf-8")
    print(f"wrote {len(records)} interviews to {arguments.out}")


if __name__ == "__main__":
    main()
