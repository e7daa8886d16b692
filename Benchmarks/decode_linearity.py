#!/usr/bin/env python3
"""Decoding time against body size: `report fetch --term N --json` on report bodies whose one string
holds 0.25, 0.5, 1 and 2 million `\\/` escapes (a server that escapes everything, as Python's
json.dumps does with Korean, sends bodies like these), served by nginx on loopback. Decoding is
linear when doubling the escapes at most doubles the time (the check allows 2.5x for noise); it
was quadratic (a 2 MB body ran for minutes). Exits 1 when a doubling costs more than that.

  decode_linearity.py --report PATH [--nginx PATH]
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench import Nginx, TOKEN, work_folders  # noqa: E402

SIZES = [250_000, 500_000, 1_000_000, 2_000_000]
INTERVIEW = {"termNo": 0, "companyName": "사람인", "occupationName": "iOS 개발", "careerName": "경력 3년",
             "regDate": "2026-11-02T10:15:00+09:00", "itemTypeCode": "COMPANY", "programLevel": "BASIC",
             "analysisStatus": "DONE"}


def write_site(site: Path):
    for index, escapes in enumerate(SIZES, start=1):
        term = 9000 + index
        (site / "v1/interviews").mkdir(parents=True, exist_ok=True)
        (site / "v1/analysis/report").mkdir(parents=True, exist_ok=True)
        (site / f"v1/interviews/{term}.json").write_text(json.dumps(dict(INTERVIEW, termNo=term)), encoding="utf-8")
        summary = "\\/" * escapes
        body = ('{"result": {"tips": {"summary": "' + summary + '", "items": []}, '
                '"character": null, "aptitude": null, "keyword": ["성실"]}}')
        (site / f"v1/analysis/report/{term}.json").write_text(body, encoding="utf-8")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--report", required=True)
    parser.add_argument("--nginx", default=shutil.which("nginx") or "/usr/sbin/nginx")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    work, site, run = work_folders("report-linearity-")
    write_site(site)
    server = Nginx(args.nginx, site, run)
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(work), "XDG_CONFIG_HOME": str(work / "config"),
           "REPORT_BASE_URL": server.url, "REPORT_TOKEN": TOKEN, "LANG": "C.UTF-8"}
    medians = []
    try:
        for index, escapes in enumerate(SIZES, start=1):
            times = []
            for _ in range(args.runs):
                start = time.perf_counter()
                done = subprocess.run([args.report, "fetch", "--term", str(9000 + index), "--json", "--timeout", "5m"],
                                      env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=600)
                times.append(time.perf_counter() - start)
                if done.returncode != 0:
                    raise SystemExit(f"decode_linearity: report failed: {done.stderr.decode()}")
            medians.append(statistics.median(times))
    finally:
        server.stop()
        shutil.rmtree(work, ignore_errors=True)
    print("| escapes in one string | body | median time | x previous |")
    print("| --- | --- | --- | --- |")
    worst = 0.0
    for index, (escapes, seconds) in enumerate(zip(SIZES, medians)):
        ratio = seconds / medians[index - 1] if index else None
        if ratio:
            worst = max(worst, ratio)
        print(f"| {escapes:,} | {escapes * 2 / 1e6:.1f} MB | {seconds * 1000:.0f} ms | {'' if ratio is None else f'{ratio:.2f}x'} |")
    if worst > 2.5:
        print(f"decode_linearity: doubling the body cost {worst:.2f}x: not linear", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
