#!/usr/bin/env python3
"""Measures the local report store (SQLite) against `--no-cache`, in one run, interleaved.

  store.py --report PATH [--against PATH] [--nginx PATH] [--quick | --rounds N] [--link RATE]
           [--out Benchmarks/latest-store.md]

Serves 10,000 interviews (bench.py's site: the demo's company interview and report, each term its
own) with nginx on loopback, plus the interview list (`/v1/interviews?page=N&size=100`, newest
first, the first 1,000 terms) and a video report per term, and measures:

  1. a 1,000-term batch (`fetch --terms-from F --parallel 16 --jsonl`): with `--no-cache`, into an
     empty store (it keeps 2,000 responses), with the store a previous run filled (2,000 conditional
     requests, answered 304 by nginx from its files' ETags), and `--offline`: wall and CPU time,
     each against `--no-cache` — as the ratio of the medians, and as the median of each round's
     ratio to the `--no-cache` run of the same round (with its quartiles), which a machine that
     slows down or speeds up between rounds moves less; each round runs the variants in a new
     order. `--no-cache` runs twice a round: the second row's ratio is the harness's own noise.
     `--against` another build runs its `--no-cache`, empty-store and 304 batches in the same
     rounds (with stores of its own), against the same `--no-cache` runs: two builds compared in
     one run, as the machine's speed moves between runs by more than what a change saves;
  2. one fetch (`fetch --term N --json`) of a report the store keeps (two 304s) against the same
     with `--no-cache`, interleaved, as many pairs as rounds times four: a command's start-up,
     which opening the store adds to, weighs more in one fetch than in a batch;
  3. max RSS of that batch answered by 304s with 1,000 and with 10,000 reports in the store;
  4. the instructions the `--no-cache` batch, the batch into an empty store and the 304 batch
     execute (valgrind's callgrind, once each; with `--against`, for both builds), and of the
     304 batch's the store's reads: a count that the
     machine's load does not move, where wall times on loopback differ by less than their noise;
     not over `--link`, which changes no instruction. Skipped, saying so, without valgrind;
  5. `report sync` of the member's 1,000 finished interviews into an empty store, then again: the
     requests nginx answered by status and the bytes it sent (`$bytes_sent`, from an access log),
     and the time.

Every run is a fresh process (bench.py's `spawn`: wall and CPU from wait4; RSS from GNU time).

`--link RATE` (`100mbit`, tc's units) measures the same over a link of that bandwidth: the whole
run in a network namespace of its own (`unshare --net`, as root) whose loopback is shaped by a
token bucket (`tc qdisc add dev lo root tbf rate RATE burst 64kb latency 50ms`), so that bodies
cost what they cost on a member's line; nginx and `report` both run in it, nothing else sees it.
"""

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench  # noqa: E402

LISTED = 1000

SERVER = """    server {{
        listen {listen};
        access_log {run}/access.log sent;
        root {site};
        location = /v1/interviews {{ try_files /v1/list/$arg_page.json =404; }}
        location /v1/interviews/ {{ try_files $uri.json =404; }}
        location = /v1/analysis/report {{ try_files /v1/analysis/report/$arg_termNo.json =404; }}
        location = /v1/analysis/video-report {{ try_files /v1/analysis/video-report/$arg_termNo.json =404; }}
        location = /v1/service/status {{ try_files /v1/service/status.json =404; }}
    }}"""


def write_store_site(site: Path):
    """bench.py's 10,000 terms, the list of the first 1,000 (pages of 100, newest first) and a
    video report per term (the demo's 1001, whose interview is a video one)."""
    bench.write_site(site)
    record = bench.demo_record()
    videos = site / "v1/analysis/video-report"
    videos.mkdir(parents=True)
    video = json.dumps({"result": record.get("videoReport")}, ensure_ascii=False, sort_keys=True)
    for term in range(bench.FIRST_TERM, bench.FIRST_TERM + bench.TERMS_MAX):
        (videos / f"{term}.json").write_text(video, encoding="utf-8")
    pages = site / "v1/list"
    pages.mkdir(parents=True)
    newest_first = list(reversed(range(bench.FIRST_TERM, bench.FIRST_TERM + LISTED)))
    for page in range(1, LISTED // 100 + 1):
        items = [dict(record["interview"], termNo=term) for term in newest_first[(page - 1) * 100:page * 100]]
        (pages / f"{page}.json").write_text(json.dumps({"items": items, "page": page, "size": 100, "total": LISTED},
                                                       ensure_ascii=False), encoding="utf-8")


class Server(bench.Nginx):
    """nginx with the store site, every request's status and bytes logged."""

    def __init__(self, binary, site: Path, run: Path):
        self.port, = bench.free_ports(1)
        self.cache_port = self.port
        self.access_log = run / "access.log"
        self.log_offset = 0
        conf = run / "nginx.conf"
        conf.write_text(bench.NGINX_HTTP.format(run=run, http="    log_format sent '$status $bytes_sent';",
                                                servers=SERVER.format(listen=f"127.0.0.1:{self.port}", run=run, site=site)))
        import socket
        import subprocess
        import time
        self.process = subprocess.Popen([binary, "-c", str(conf), "-p", str(run)],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            except OSError:
                if self.process.poll() is not None:
                    raise SystemExit(f"store: nginx did not start: {self.process.stderr.read().decode()}")
                time.sleep(0.05)
        raise SystemExit("store: nginx did not start listening")


def run_checked(argv, env, stdout_path=os.devnull):
    sample = bench.spawn(argv, env, stdout_path=stdout_path)
    if sample.status != 0:
        raise SystemExit(f"store: {' '.join(argv)} exited {sample.status}")
    return sample


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--report", required=True)
    parser.add_argument("--against", help="another build of report, run beside --report in the same rounds")
    parser.add_argument("--nginx", default=shutil.which("nginx") or "/usr/sbin/nginx")
    parser.add_argument("--quick", action="store_true", help="3 rounds, to try the harness")
    parser.add_argument("--rounds", type=int, default=25, help="rounds of the batch runs (default 25)")
    parser.add_argument("--link", metavar="RATE", help="the link's bandwidth (tc's units: 100mbit); needs root")
    parser.add_argument("--out", default=str(bench.REPO / "Benchmarks/latest-store.md"))
    arguments = parser.parse_args()
    if arguments.rounds < 1:
        parser.error("--rounds needs a positive number")
    if arguments.link:
        enter_shaped_namespace(arguments.link)
    runs = 3 if arguments.quick else arguments.rounds
    work, site, run = bench.work_folders("report-store-bench-")
    write_store_site(site)
    server = Server(arguments.nginx, site, run)
    try:
        table = measure(arguments.report, server, work, runs, against=arguments.against)
    finally:
        server.stop()
        shutil.rmtree(work, ignore_errors=True)
    print(table)
    Path(arguments.out).write_text(table + "\n", encoding="utf-8")


NAMESPACE_MARK = "REPORT_STORE_BENCH_LINK"


def enter_shaped_namespace(rate):
    """Runs this script again in a network namespace of its own whose loopback is limited to
    `rate` (once there, returns)."""
    if os.environ.get(NAMESPACE_MARK) == rate:
        for command in (["ip", "link", "set", "lo", "up"],
                        ["tc", "qdisc", "add", "dev", "lo", "root", "tbf", "rate", rate, "burst", "64kb", "latency", "50ms"]):
            done = subprocess.run(command, capture_output=True, text=True)
            if done.returncode != 0:
                sys.exit(f"store.py: --link: {' '.join(command)} failed: {done.stderr.strip()}")
        return
    unshare = shutil.which("unshare")
    if unshare is None or os.geteuid() != 0:
        sys.exit("store.py: --link needs root and unshare (util-linux) for a network namespace of its own")
    os.environ[NAMESPACE_MARK] = rate
    os.execv(unshare, [unshare, "--net", sys.executable, *sys.argv])


def terms_file(work: Path, count: int) -> Path:
    path = work / f"terms-{count}.txt"
    path.write_text("".join(f"{term}\n" for term in range(bench.FIRST_TERM, bench.FIRST_TERM + count)))
    return path


def measure(report, server, work: Path, runs, against=None):
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(work), "REPORT_TOKEN": bench.TOKEN,
           "REPORT_BASE_URL": server.url, "LANG": "C.UTF-8"}
    check = work / "check.jsonl"
    batch = [report, "fetch", "--terms-from", str(terms_file(work, 1000)), "--parallel", "16", "--jsonl"]
    warm, cold, unused = work / "warm", work / "cold", work / "unused"
    variants = {
        "`--no-cache`": (batch + ["--no-cache"], unused),
        "`--no-cache` again (the harness's noise)": (batch + ["--no-cache"], unused),
        "empty store (keeps 2,000 responses)": (batch, cold),
        "kept by a previous run (2,000 × 304)": (batch, warm),
        "`--offline` from that store (no request)": (batch + ["--offline"], warm),
    }
    colds = {cold}
    if against:
        other = [against] + batch[1:]
        warm_other, cold_other = work / "warm-against", work / "cold-against"
        colds.add(cold_other)
        variants.update({
            f"`--no-cache`, {against}": (other + ["--no-cache"], unused),
            f"empty store, {against}": (other, cold_other),
            f"kept by a previous run, {against}": (other, warm_other),
        })
    names = list(variants)
    samples = {name: [] for name in names}
    statuses = {name: {} for name in names}
    # Each round in its own order (but the first, which fills the store `--offline` reads): in a
    # fixed rotation each variant always follows the same one, and a run after a heavy one (a
    # batch) is slower than one after a light one (`--offline`).
    shuffler = random.Random(31)
    for round_index in range(runs + 1):
        order = names[:]
        if round_index > 0:
            shuffler.shuffle(order)
        for name in order:
            argv, home = variants[name]
            if home in colds:
                home = home / f"run-{round_index}"
            server.logged_since_last()
            sample = run_checked(argv, dict(env, XDG_CACHE_HOME=str(home)), stdout_path=str(check))
            _, logged = server.logged_since_last()
            if round_index == 0:
                bench.check_report_output(check, 1000)
                continue
            samples[name].append(sample)
            for status, count in logged.items():
                statuses[name][status] = statuses[name].get(status, 0) + count
    for home in colds:
        shutil.rmtree(home, ignore_errors=True)
    base_wall = bench.median(samples[names[0]], "wall")
    base_cpu = bench.median(samples[names[0]], "cpu")
    link = os.environ.get(NAMESPACE_MARK)
    lines = [(f"Over a link of {link} (loopback shaped by tc's tbf). " if link else "")
             + "1,000 terms, 16 at a time (`fetch --terms-from F --parallel 16 --jsonl`), medians of "
             f"{runs} interleaved runs; \"paired\": the median of each round's wall-time ratio to "
             "its `--no-cache` run, with the quartiles:", "",
             "| run | wall time | × `--no-cache` | paired (quartiles) | CPU time | × `--no-cache` | responses per run |",
             "| --- | ---: | ---: | ---: | ---: | ---: | --- |"]
    for name in names:
        wall, cpu = bench.median(samples[name], "wall"), bench.median(samples[name], "cpu")
        ratios = [sample.wall / base.wall for sample, base in zip(samples[name], samples[names[0]])]
        low, middle, high = statistics.quantiles(ratios, n=4) if len(ratios) > 1 else (ratios[0],) * 3
        per_run = ", ".join(f"{count / len(samples[name]):.0f} × {status}" for status, count in sorted(statuses[name].items())) or "none"
        lines.append(f"| {name} | {wall * 1000:.1f} ms | {wall / base_wall:.2f} | {statistics.median(ratios):.2f} "
                     f"({low:.2f}–{high:.2f}) | {cpu * 1000:.1f} ms | {cpu / base_cpu:.2f} | {per_run} |")

    # One fetch, kept against --no-cache: pairs in alternating order.
    one = [report, "fetch", "--term", str(bench.FIRST_TERM), "--json"]
    singles = {"`--no-cache`": (one + ["--no-cache"], unused), "kept (2 × 304)": (one, warm)}
    single_samples = {name: [] for name in singles}
    for pair in range(runs * 4):
        for name in (list(singles) if pair % 2 == 0 else list(reversed(singles))):
            argv, home = singles[name]
            single_samples[name].append(run_checked(argv, dict(env, XDG_CACHE_HOME=str(home))))
    base_one = single_samples["`--no-cache`"]
    lines += ["", f"One fetch (`fetch --term N --json`), medians of {len(base_one)} interleaved runs:", "",
              "| run | wall time | × `--no-cache` | paired (quartiles) | CPU time | × `--no-cache` |",
              "| --- | ---: | ---: | ---: | ---: | ---: |"]
    for name, taken in single_samples.items():
        wall, cpu = bench.median(taken, "wall"), bench.median(taken, "cpu")
        ratios = [sample.wall / base.wall for sample, base in zip(taken, base_one)]
        low, _, high = statistics.quantiles(ratios, n=4)
        lines.append(f"| {name} | {wall * 1000:.1f} ms | {wall / bench.median(base_one, 'wall'):.2f} | "
                     f"{statistics.median(ratios):.2f} ({low:.2f}–{high:.2f}) | {cpu * 1000:.1f} ms | "
                     f"{cpu / bench.median(base_one, 'cpu'):.2f} |")

    # Max RSS of the 304 batch with 1,000 and with 10,000 reports kept.
    big = work / "big"
    run_checked([report, "fetch", "--terms-from", str(terms_file(work, 10_000)), "--parallel", "16", "--jsonl"],
                dict(env, XDG_CACHE_HOME=str(big)))
    rss = {}
    for label, home in (("1,000", warm), ("10,000", big)):
        rss[label] = statistics.median(bench.peak_rss_kib(batch, dict(env, XDG_CACHE_HOME=str(home)), work) for _ in range(5))
    database_sizes = {label: sum(f.stat().st_size for f in (home / "report").iterdir()) for label, home in (("1,000", warm), ("10,000", big))}
    lines += ["", "| reports in the store | max RSS of the 304 batch | store on disk |", "| ---: | ---: | ---: |"]
    for label in rss:
        lines.append(f"| {label} | {rss[label] / 1024:.1f} MiB | {database_sizes[label] / 1024 / 1024:.1f} MiB |")

    if not os.environ.get(NAMESPACE_MARK):
        lines += instruction_counts(report, batch, env, unused, work, against)

    # sync of the 1,000 listed interviews: into an empty store, then again.
    home = work / "sync"
    sync = [report, "sync", "--json", "--parallel", "16"]
    lines += ["", "`report sync --parallel 16` of the member's 1,000 finished interviews (10 list pages):", "",
              "| run | wall time | requests by status | bytes sent by nginx | bodies downloaded |",
              "| --- | ---: | --- | ---: | ---: |"]
    for label in ("into an empty store", "again (everything kept)"):
        server.logged_since_last()
        sample = run_checked(sync, dict(env, XDG_CACHE_HOME=str(home)), stdout_path=str(check))
        sent, logged = server.logged_since_last()
        summary = json.loads(check.read_text())["summary"]
        by_status = ", ".join(f"{count} × {status}" for status, count in sorted(logged.items()))
        lines.append(f"| {label} | {sample.wall * 1000:.1f} ms | {by_status} | {sent / 1024:.1f} KiB | "
                     f"{summary['responses']['downloaded']} |")
    return "\n".join(lines)


# The function whose instructions are the store's reads (`ReportStore.read(_:term:)`), as the
# binary names it.
READ_SYMBOL = "$s4Data11ReportStoreC4read_4termAC5EntryVSgAC4KindO_SitF"


def instruction_counts(report, batch, env, unused, work: Path, against=None):
    """The 1,000-term batch with `--no-cache`, into an empty store, and answered by 304s (from a
    store the same build filled: first right after, when each row's form is made, then again),
    each run once under valgrind's callgrind: the instructions the whole process executed in user space,
    all threads, which a busy or a quiet machine does not change (wall time on loopback moves by
    more between runs than the batches differ), and of the 304 batch's those of the store's reads.
    valgrind 3.19 cannot read the DWARF 5 that Swift writes, so it runs a copy without debug
    information (symbols kept). Lines saying why, when valgrind, callgrind_annotate or strip is
    missing."""
    tools = {name: shutil.which(name) for name in ("valgrind", "callgrind_annotate", "strip")}
    missing = [name for name, path in tools.items() if path is None]
    if missing:
        return ["", f"Instructions: not measured ({', '.join(missing)} not found; Debian: apt-get install valgrind binutils)."]
    lines = ["", "Instructions executed by the batch (valgrind's callgrind, one run each; user space, "
             "every thread), and of the 304 batch's the store's reads (`ReportStore.read`, inclusive). "
             "\"First read back\": the 304 batch right after the batch that kept the reports, which makes "
             "each row's form (a row gets one when it is first read back); \"2,000 × 304\": every later one:", "",
             "| build | `--no-cache` | empty store | × `--no-cache` | first read back | × `--no-cache` "
             "| 2,000 × 304 | × `--no-cache` | the store's reads | the 304 batch without them, × `--no-cache` |",
             "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for index, build in enumerate([report] + ([against] if against else [])):
        stripped = work / "report-without-debug-info"
        subprocess.run([tools["strip"], "--strip-debug", "-o", str(stripped), build], check=True)
        counts = {}
        empty = work / f"callgrind-empty-{index}"
        first = work / f"callgrind-first-{index}"
        run_checked([build] + batch[1:], dict(env, XDG_CACHE_HOME=str(first)))
        for label, extra, home in (("no-cache", ["--no-cache"], unused), ("empty", [], empty), ("first", [], first),
                                   ("304", [], first)):
            out = work / f"callgrind-{label}.out"
            subprocess.run([tools["valgrind"], "--tool=callgrind", f"--callgrind-out-file={out}", str(stripped)]
                           + batch[1:] + extra, env=dict(env, XDG_CACHE_HOME=str(home)),
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
            counts[label] = (callgrind_total(out),
                             callgrind_inclusive(tools["callgrind_annotate"], out, READ_SYMBOL) if label == "304" else None)
            out.unlink()
        stripped.unlink()
        shutil.rmtree(empty, ignore_errors=True)
        shutil.rmtree(first, ignore_errors=True)
        base, empty_total, first_total = counts["no-cache"][0], counts["empty"][0], counts["first"][0]
        warm_total, reads = counts["304"]
        read_cells = (f"{reads / 1e6:.1f} M | {(warm_total - reads) / base:.3f}" if reads is not None
                      else f"(no {READ_SYMBOL}) | ")
        lines.append(f"| {build} | {base / 1e6:.1f} M | {empty_total / 1e6:.1f} M | {empty_total / base:.3f} | "
                     f"{first_total / 1e6:.1f} M | {first_total / base:.3f} | "
                     f"{warm_total / 1e6:.1f} M | {warm_total / base:.3f} | {read_cells} |")
    return lines


def callgrind_total(path: Path) -> int:
    for line in path.read_text(errors="replace").splitlines():
        if line.startswith(("summary:", "totals:")):
            return int(line.split()[1])
    sys.exit(f"store.py: {path} has no totals")


def callgrind_inclusive(annotate, path: Path, symbol):
    """The inclusive instruction count of the function called `symbol`; None when it is not there."""
    out = subprocess.run([annotate, "--inclusive=yes", "--threshold=100", str(path)],
                         capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        if f":{symbol} [" in line:
            return int(line.split()[0].replace(",", ""))
    return None


if __name__ == "__main__":
    main()
