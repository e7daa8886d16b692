#!/usr/bin/env python3
"""`report search` over 1,000, 2,000 and 4,000 kept reports: wall time of the whole process.

For each size: a data directory of that many finished interviews of member 42 (copies of the
demo's 1031-1035, each with its report and video report, under new term numbers), served by
report-server on loopback; `report fetch --terms-from - --jsonl` keeps them all in a fresh store;
the server is stopped (a search asks nothing); then `report search` runs once to bring its index
up to date with the store ("first search": the index follows the store at search time), and
`--runs` times more for each query, interleaved. Medians of the wall time from posix_spawn to
wait4, stdout to /dev/null.

    python3 Benchmarks/search.py --report .build/release/report --server .build/release/report-server
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
QUERIES = [("침착", "part of a word, 2 letters (LIKE)"), ("압박질문", "phrase without its blank (MATCH)"),
           ("ㅊㅊㅎㄱ", "initial consonants (MATCH)"), ("블록체인", "nothing matches (exit 1)")]


def make_data(folder, count):
    demo = os.path.join(ROOT, "ServerData", "demo")
    shutil.copytree(demo, folder, ignore=shutil.ignore_patterns("interviews", "faults.json", "maintenance.json"))
    os.makedirs(os.path.join(folder, "interviews"))
    sources = [json.load(open(os.path.join(demo, "interviews", f"{term}.json"), encoding="utf-8")) for term in range(1031, 1036)]
    for index in range(count):
        record = json.loads(json.dumps(sources[index % 5]))
        term = 100001 + index
        record["interview"]["termNo"] = term
        record["interview"]["regDate"] = f"{2020 + index // 4000:04d}-{1 + index % 12:02d}-{1 + index % 28:02d}T10:00:00+09:00"
        record.pop("readyAfterPolls", None)
        with open(os.path.join(folder, "interviews", f"{term}.json"), "w", encoding="utf-8") as out:
            json.dump(record, out, ensure_ascii=False)


def start_server(server, data):
    process = subprocess.Popen([server, "--port", "0", "--data", data], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = process.stdout.readline()
    if "listening on " not in line:
        sys.exit(f"search.py: report-server did not start: {line}")
    return process, line.split("listening on ", 1)[1].strip()


def wall(arguments, environment):
    """Milliseconds from spawn to reap, and the exit status."""
    start = time.perf_counter()
    process = subprocess.Popen(arguments, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    status = process.wait()
    return (time.perf_counter() - start) * 1000, status


def measure(report, server, count, runs):
    work = tempfile.mkdtemp(prefix="report-search-bench-")
    try:
        data = os.path.join(work, "data")
        make_data(data, count)
        process, base_url = start_server(server, data)
        environment = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": work, "LANG": "C.UTF-8",
                       "XDG_CACHE_HOME": os.path.join(work, "cache"), "XDG_CONFIG_HOME": os.path.join(work, "config"),
                       "REPORT_BASE_URL": base_url, "REPORT_TOKEN": "demo-access-42"}
        terms = "".join(f"{100001 + index}\n" for index in range(count))
        fetched = subprocess.run([report, "fetch", "--terms-from", "-", "--jsonl", "--parallel", "16",
                                  "--section", "tips,character,keywords,video"], input=terms.encode(),
                                 env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        process.terminate()
        process.wait()
        if fetched.returncode != 0:
            sys.exit(f"search.py: fetching {count} terms failed: {fetched.stderr.decode()[-400:]}")
        first, status = wall([report, "search", QUERIES[0][0]], environment)
        if status != 0:
            sys.exit(f"search.py: the first search exited {status}")
        times = {query: [] for query, _ in QUERIES}
        for _ in range(runs):
            for query, _ in QUERIES:
                elapsed, status = wall([report, "search", query], environment)
                if status not in (0, 1):
                    sys.exit(f"search.py: search {query} exited {status}")
                times[query].append(elapsed)
        return first, {query: statistics.median(values) for query, values in times.items()}
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--report", required=True)
    parser.add_argument("--server", required=True)
    parser.add_argument("--sizes", default="1000,2000,4000")
    parser.add_argument("--runs", type=int, default=15)
    arguments = parser.parse_args()
    sizes = [int(size) for size in arguments.sizes.split(",")]
    results = {size: measure(arguments.report, arguments.server, size, arguments.runs) for size in sizes}
    print("| query | " + " | ".join(f"{size:,} reports" for size in sizes) + " |")
    print("| --- |" + " ---: |" * len(sizes))
    print("| first search (indexes the store) | " + " | ".join(f"{results[size][0]:.1f} ms" for size in sizes) + " |")
    for query, what in QUERIES:
        print(f"| `search {query}`: {what} | " + " | ".join(f"{results[size][1][query]:.1f} ms" for size in sizes) + " |")


if __name__ == "__main__":
    main()
