#!/usr/bin/env python3
"""Measures `report` against `curl` on the same HTTP work, in one run, the two interleaved.

Usually started by Benchmarks/run, which builds `report` in release mode first:

  bench.py --report PATH [--curl PATH] [--nginx PATH] [--quick] [--out Benchmarks/latest.md]

It writes 10,000 interviews (company interviews, Korean text, shaped like the demo data) as static
files, serves them with nginx on a free loopback port at the paths `report` requests
(`/v1/interviews/N`, `/v1/analysis/report?termNo=N`), and measures:

  1. one fetch: `report fetch --term N --json` vs one `curl` fetching the same two URLs;
  2. 1,000 terms, 16 at a time: `report fetch --terms-from F --parallel 16 --jsonl` vs
     `curl --parallel --parallel-max 16` over the 2,000 URLs `report` requests;
  3. peak memory (max RSS) of `report` for 1,000 and for 10,000 terms;
  4. the list as a person reads it: `report list` (a table) vs `curl` of the same page;
  5. start-up: `report help exit-codes` vs `curl --version` (each prints a fixed text; `report
     --version` would load libcurl to name its version, which no other offline command does);
  6. the report cache: the same 1,000-term batch with `--no-cache`, with an empty cache (it keeps
     2,000 entries), with the cache a previous run filled (2,000 conditional requests, answered 304
     by nginx from its static files' ETags) and `--offline` from that cache: wall time, CPU time,
     and the bytes nginx sent (`$bytes_sent` of each request, headers included, summed per run from
     an access log of a second `server` block that only these runs use).

The fetches of rows 1–3 run with `--no-cache`, so that `report` does the same HTTP work as `curl` (download and
decode every body), as they did before the cache existed.

Every run is a fresh process started by posix_spawn and reaped with wait4, so wall time and CPU time
come from the kernel, not from a shell. Max RSS comes from GNU time (`/usr/bin/time -f %M`): Linux
carries the high-water mark of the address space a process replaces across execve, and posix_spawn's
child starts on this Python process's, so wait4 here would report at least Python's own RSS. Runs alternate between the two tools (which one goes
first alternates too), so drift in the machine's speed hits both alike. Before timing, each command runs
once with its output checked: `report` must exit 0 and print one valid document per term, `curl` must
fetch every URL.
"""

import argparse
import json
import os
import platform
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
TOKEN = "bench-access-token"
GNU_TIME = "/usr/bin/time"
TERMS_MAX = 10_000
FIRST_TERM = 100_001


def demo_record():
    """A company interview from the demo data: the body each term gets (with its own termNo)."""
    return json.loads((REPO / "ServerData/demo/interviews/1001.json").read_text(encoding="utf-8"))


def write_site(root: Path, terms=TERMS_MAX):
    """`terms` interviews from FIRST_TERM on, each with the demo report, and the service status."""
    record = demo_record()
    interviews = root / "v1/interviews"
    reports = root / "v1/analysis/report"
    interviews.mkdir(parents=True)
    reports.mkdir(parents=True)
    report_body = json.dumps({"result": record["report"]}, ensure_ascii=False, sort_keys=True)
    for term in range(FIRST_TERM, FIRST_TERM + terms):
        interview = dict(record["interview"], termNo=term)
        (interviews / f"{term}.json").write_text(json.dumps(interview, ensure_ascii=False, sort_keys=True),
                                                 encoding="utf-8")
        (reports / f"{term}.json").write_text(report_body, encoding="utf-8")
    # The list's first page as `report list` asks for it (20 a page, newest first), whatever
    # the query: one file, served for `/v1/interviews?…`.
    newest = range(FIRST_TERM + terms - 1, FIRST_TERM + terms - 21, -1)
    (root / "v1/list.json").write_text(json.dumps(
        {"items": [dict(record["interview"], termNo=term) for term in newest], "page": 1, "size": 20, "total": terms},
        ensure_ascii=False), encoding="utf-8")
    (root / "v1/service").mkdir(parents=True)
    (root / "v1/service/status.json").write_text('{"status": "OK", "message": null, "until": null}')


NGINX_HTTP = """
worker_processes 1;
daemon off;
pid {run}/nginx.pid;
error_log {run}/error.log warn;
events {{ worker_connections 4096; }}
http {{
    access_log off;
    types {{ }}
    default_type application/json;
    keepalive_requests 1000000;
    keepalive_timeout 60s;
    client_body_temp_path {run}/body;
    proxy_temp_path {run}/proxy;
    fastcgi_temp_path {run}/fastcgi;
    uwsgi_temp_path {run}/uwsgi;
    scgi_temp_path {run}/scgi;
{http}
{servers}
}}
"""

NGINX_SERVER = """    server {{
        listen {listen};
{extra}        root {site};
        location = /v1/interviews {{ try_files /v1/list.json =404; }}
        location /v1/interviews/ {{ try_files $uri.json =404; }}
        location = /v1/analysis/report {{ try_files /v1/analysis/report/$arg_termNo.json =404; }}
        location = /v1/service/status {{ try_files /v1/service/status.json =404; }}
    }}"""


def nginx_conf(run: Path, site: Path, listens, http=""):
    """nginx's configuration: one `server` serving `site` at the paths `report` requests for each
    (listen, extra lines) of `listens`; `http`: lines for the `http` block."""
    servers = "\n".join(NGINX_SERVER.format(listen=listen, extra="".join(f"        {line}\n" for line in extra), site=site)
                        for listen, extra in listens)
    return NGINX_HTTP.format(run=run, http=http, servers=servers)


def work_folders(prefix):
    """A fresh folder for one run, and in it `site` (to serve; not made yet) and `nginx` (nginx's
    own files). nginx's workers drop root privileges (to `nobody`): they must be able to read it."""
    work = Path(tempfile.mkdtemp(prefix=prefix))
    work.chmod(0o755)
    site, run = work / "site", work / "nginx"
    run.mkdir()
    return work, site, run


def free_ports(count):
    """`count` distinct free loopback ports: every socket stays bound until all are, so no port
    comes twice (two `server` blocks on one port would both be served by the first)."""
    sockets = []
    try:
        for _ in range(count):
            sockets.append(socket.socket())
            sockets[-1].bind(("127.0.0.1", 0))
        return [s.getsockname()[1] for s in sockets]
    finally:
        for s in sockets:
            s.close()


class Nginx:
    def __init__(self, binary, site: Path, run: Path):
        self.port, self.cache_port = free_ports(2)
        self.access_log = run / "cache-access.log"
        self.log_offset = 0
        conf = run / "nginx.conf"
        # The cache rows use the second server: the same site, each response's status and bytes
        # logged (ETags and 304s are nginx's own for static files).
        conf.write_text(nginx_conf(run, site, [(f"127.0.0.1:{self.port}", []),
                                               (f"127.0.0.1:{self.cache_port}", [f"access_log {run}/cache-access.log sent;"])],
                                   http="    log_format sent '$status $bytes_sent';"))
        self.process = subprocess.Popen([binary, "-c", str(conf), "-p", str(run)],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            except OSError:
                if self.process.poll() is not None:
                    raise SystemExit(f"bench: nginx did not start: {self.process.stderr.read().decode()}")
                time.sleep(0.05)
        raise SystemExit("bench: nginx did not start listening")

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}"

    @property
    def cache_url(self):
        return f"http://127.0.0.1:{self.cache_port}"

    def logged_since_last(self):
        """(bytes sent, {status: requests}) of the cache server's requests logged since the last call."""
        with open(self.access_log, "rb") as log:
            log.seek(self.log_offset)
            text = log.read()
        complete = text[:text.rfind(b"\n") + 1]
        self.log_offset += len(complete)
        sent, statuses = 0, {}
        for line in complete.decode().splitlines():
            status, size = line.split()
            sent += int(size)
            statuses[status] = statuses.get(status, 0) + 1
        return sent, statuses

    def cpu_seconds(self):
        """User + system CPU time of the nginx master and its workers so far."""
        ticks = os.sysconf("SC_CLK_TCK")
        total = 0
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            pid, ppid = int(entry.name), int(fields[1])
            if pid == self.process.pid or ppid == self.process.pid:
                total += int(fields[11]) + int(fields[12])
        return total / ticks

    def stop(self):
        self.process.send_signal(signal.SIGQUIT)
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()


class Sample:
    def __init__(self, wall, cpu, status):
        self.wall, self.cpu, self.status = wall, cpu, status


def spawn(argv, env, stdout_path=os.devnull, stdin_path=None):
    """Runs argv to completion; wall time and CPU time from wait4 (max RSS: `peak_rss_kib`)."""
    actions = [(os.POSIX_SPAWN_OPEN, 1, stdout_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644),
               (os.POSIX_SPAWN_OPEN, 2, os.devnull, os.O_WRONLY, 0)]
    if stdin_path:
        actions.append((os.POSIX_SPAWN_OPEN, 0, stdin_path, os.O_RDONLY, 0))
    start = time.perf_counter()
    pid = os.posix_spawn(argv[0], argv, env, file_actions=actions)
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - start
    return Sample(wall, usage.ru_utime + usage.ru_stime, os.waitstatus_to_exitcode(status))


def peak_rss_kib(argv, env, work: Path):
    """Max RSS of one run of argv, in KiB, as GNU time reports it (see the module's docstring)."""
    report_path = work / "rss.txt"
    sample = spawn([GNU_TIME, "-f", "%M", "-o", str(report_path)] + argv, env)
    if sample.status != 0:
        raise SystemExit(f"bench: {' '.join(argv)} exited {sample.status}")
    return int(report_path.read_text().split()[-1])


def interleaved(commands, runs, warmup):
    """commands: {name: (argv, env)}; runs each `runs` times, alternating order each round."""
    names = list(commands)
    samples = {name: [] for name in names}
    for round_index in range(warmup + runs):
        order = names if round_index % 2 == 0 else list(reversed(names))
        for name in order:
            argv, env = commands[name]
            sample = spawn(argv, env)
            if sample.status != 0:
                raise SystemExit(f"bench: {name} exited {sample.status}: {' '.join(argv)}")
            if round_index >= warmup:
                samples[name].append(sample)
    return samples


def median(samples, attribute):
    return statistics.median(getattr(sample, attribute) for sample in samples)


def check_report_output(path: Path, terms):
    lines = path.read_text(encoding="utf-8").splitlines()
    if len(lines) != terms:
        raise SystemExit(f"bench: report printed {len(lines)} documents for {terms} terms")
    for line in (lines[0], lines[-1]):
        document = json.loads(line)
        if document.get("analysis", {}).get("status") != "ready":
            raise SystemExit(f"bench: report's document is not a ready report: {line[:200]}")


def check_curl_output(path: Path, urls):
    text = path.read_text(encoding="utf-8")
    bodies = text.count('"companyName"') + text.count('"result"')
    if bodies != urls:
        raise SystemExit(f"bench: curl fetched {bodies} bodies for {urls} URLs")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--report", required=True, help="the `report` binary (release build)")
    parser.add_argument("--curl", default=shutil.which("curl"))
    parser.add_argument("--nginx", default=shutil.which("nginx") or "/usr/sbin/nginx")
    parser.add_argument("--quick", action="store_true", help="fewer runs")
    parser.add_argument("--out", default=str(REPO / "Benchmarks/latest.md"), help="where to write the table")
    args = parser.parse_args()
    report, curl = os.path.abspath(args.report), args.curl
    if not curl or not os.path.exists(report):
        raise SystemExit("bench: need curl and the report binary")

    work, site, run = work_folders("report-bench-")
    print(f"bench: writing {TERMS_MAX} interviews to {site}", file=sys.stderr)
    write_site(site)
    server = Nginx(args.nginx, site, run)
    try:
        rows = measure(report, curl, server, work, args.quick)
    finally:
        server.stop()
        shutil.rmtree(work, ignore_errors=True)
    rows, cache_rows = rows
    table = render(rows, report, curl) + "\n\n" + render_cache(cache_rows)
    print(table)
    Path(args.out).write_text(table + "\n", encoding="utf-8")
    print(f"bench: wrote {args.out}", file=sys.stderr)


def measure(report, curl, server, work: Path, quick):
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(work), "XDG_CONFIG_HOME": str(work / "config"),
           "REPORT_BASE_URL": server.url, "REPORT_TOKEN": TOKEN, "LANG": "C.UTF-8"}
    auth = f"Authorization: Bearer {TOKEN}"

    def urls(terms):
        for term in terms:
            yield f"{server.url}/v1/interviews/{term}"
            yield f"{server.url}/v1/analysis/report?termNo={term}"

    def batch_files(count):
        terms = range(FIRST_TERM, FIRST_TERM + count)
        terms_file = work / f"terms-{count}.txt"
        terms_file.write_text("".join(f"{term}\n" for term in terms))
        curl_config = work / f"urls-{count}.cfg"
        curl_config.write_text("".join(f'url = "{url}"\n' for url in urls(terms)))
        return terms_file, curl_config

    rows = []

    # 1. One fetch.
    term = FIRST_TERM + 7
    one = {
        "report": ([report, "fetch", "--term", str(term), "--json", "--no-cache"], env),
        "curl": ([curl, "-sS", "--fail", "-H", auth, *urls([term])], env),
    }
    check = work / "check.out"
    for name, (argv, _) in one.items():
        if spawn(argv, env, stdout_path=str(check)).status != 0:
            raise SystemExit(f"bench: {name} failed: {' '.join(argv)}")
        if name == "report":
            json.loads(check.read_text(encoding="utf-8"))
        else:
            check_curl_output(check, 2)
    rows.append(timed("one fetch (`fetch --term N --json`)", one, server, 10 if quick else 40, 3))

    # The batch commands for 1,000 and for 10,000 terms, their files written once.
    def batch_commands(count):
        terms_file, curl_config = batch_files(count)
        return {
            "report": ([report, "fetch", "--terms-from", str(terms_file), "--parallel", "16", "--jsonl", "--no-cache"], env),
            "curl": ([curl, "-sS", "--fail", "--parallel", "--parallel-max", "16", "-H", auth, "-K", str(curl_config)], env),
        }

    batches = {count: batch_commands(count) for count in (1000, TERMS_MAX)}

    # 2. 1,000 terms, 16 at a time.
    batch = batches[1000]
    for name, (argv, _) in batch.items():
        if spawn(argv, env, stdout_path=str(check)).status != 0:
            raise SystemExit(f"bench: {name} failed: {' '.join(argv)}")
        (check_report_output if name == "report" else check_curl_output)(check, 1000 if name == "report" else 2000)
    rows.append(timed("1,000 terms, 16 at a time (`--terms-from F --parallel 16 --jsonl`)", batch, server,
                      3 if quick else 20, 2))

    # 3. Peak memory for 1,000 and 10,000 terms.
    memory = {count: interleaved(commands, 1 if quick else 3, 0) for count, commands in batches.items()}
    rss = {count: {name: statistics.median(peak_rss_kib(argv, env, work) for _ in range(1 if quick else 3))
                   for name, (argv, env) in commands.items()}
           for count, commands in batches.items()}
    rows.append(("max RSS, 1,000 terms", rss[1000]["report"] / 1024, rss[1000]["curl"] / 1024, "MiB", None))
    rows.append(("max RSS, 10,000 terms", rss[TERMS_MAX]["report"] / 1024, rss[TERMS_MAX]["curl"] / 1024,
                 "MiB", None))
    rows.append(("wall time, 10,000 terms", median(memory[TERMS_MAX]["report"], "wall") * 1000,
                 median(memory[TERMS_MAX]["curl"], "wall") * 1000, "ms", None))

    # 4. The list as a person reads it: `report list` (its table) vs curl of the same page.
    listing = {
        "report": ([report, "list"], env),
        "curl": ([curl, "-sS", "--fail", "-H", auth, f"{server.url}/v1/interviews?status=completed&page=1&size=20"], env),
    }
    for name, (argv, _) in listing.items():
        if spawn(argv, env, stdout_path=str(check)).status != 0:
            raise SystemExit(f"bench: {name} failed: {' '.join(argv)}")
        if name == "report" and str(FIRST_TERM + TERMS_MAX - 1) not in check.read_text(encoding="utf-8"):
            raise SystemExit("bench: `report list` did not show the newest interview")
    rows.append(timed("the list (`list`; curl the same page)", listing, server, 10 if quick else 40, 3))

    # 5. Start-up: a command of each that prints a fixed text and loads no libcurl of its own.
    start = {
        "report": ([report, "help", "exit-codes"], env),
        "curl": ([curl, "--version"], env),
    }
    rows.append(timed("start-up (`help exit-codes`; curl `--version`)", start, None, 20 if quick else 100, 5))
    return rows, measure_cache(report, server, work, env, batch_files(1000)[0], check, 3 if quick else 15)


def measure_cache(report, server, work: Path, env, terms_file: Path, check: Path, runs):
    """The 1,000-term batch without the cache, with an empty one, with a filled one and offline,
    interleaved (the order rotates each round). Each empty-cache run gets a new folder, and those are
    removed only at the end: ext4 allocates inodes slowly for a while after thousands were deleted
    (`recently_deleted` in the kernel's profile), which `rm -rf` before each run would measure."""
    warm_home, cold_home, unused_home = work / "cache-warm", work / "cache-cold", work / "cache-unused"
    base = [report, "fetch", "--terms-from", str(terms_file), "--parallel", "16", "--jsonl"]
    # The same empty cache in memory (tmpfs), when there is one: the cache's own cost without the disk's.
    shm = Path("/dev/shm")
    memory_home = Path(tempfile.mkdtemp(prefix="report-bench-", dir=shm)) if shm.is_dir() and os.access(shm, os.W_OK) else None
    variants = {
        "`--no-cache`": (base + ["--no-cache"], unused_home),
        "empty cache (keeps 2,000 entries)": (base, cold_home),
        **({"empty cache in tmpfs (`/dev/shm`)": (base, memory_home)} if memory_home else {}),
        "kept by a previous run (2,000 × 304)": (base, warm_home),
        "`--offline` from that cache (no request)": (base + ["--offline"], warm_home),
    }
    names = list(variants)
    results = {name: {"samples": [], "sent": [], "statuses": {}} for name in names}
    try:
        for round_index in range(runs + 1):
            order = names[round_index % len(names):] + names[:round_index % len(names)]
            for name in order:
                argv, home = variants[name]
                if home in (cold_home, memory_home):
                    home = home / f"run-{round_index}"
                run_env = dict(env, REPORT_BASE_URL=server.cache_url, XDG_CACHE_HOME=str(home))
                server.logged_since_last()
                sample = spawn(argv, run_env, stdout_path=str(check))
                if sample.status != 0:
                    raise SystemExit(f"bench: {name} exited {sample.status}: {' '.join(argv)}")
                sent, statuses = server.logged_since_last()
                if round_index == 0:
                    # The first round fills the warm cache (its "kept" run is cold) and checks the output.
                    check_report_output(check, 1000)
                    continue
                results[name]["samples"].append(sample)
                results[name]["sent"].append(sent)
                for status, count in statuses.items():
                    results[name]["statuses"][status] = results[name]["statuses"].get(status, 0) + count
    finally:
        shutil.rmtree(cold_home, ignore_errors=True)
        if memory_home:
            shutil.rmtree(memory_home, ignore_errors=True)
    rows = []
    for name in names:
        samples, sent = results[name]["samples"], results[name]["sent"]
        per_run = {status: count / len(samples) for status, count in sorted(results[name]["statuses"].items())}
        rows.append((name, median(samples, "wall") * 1000, median(samples, "cpu") * 1000, statistics.median(sent), per_run))
    return rows


def render_cache(rows):
    lines = [
        "The cache: 1,000 terms, 16 at a time (`--terms-from F --parallel 16 --jsonl`), medians:",
        "",
        "| run | wall time | CPU time | bytes received | responses per run |",
        "| --- | ---: | ---: | ---: | --- |",
    ]
    for name, wall, cpu, sent, statuses in rows:
        responses = ", ".join(f"{count:.0f} × {status}" for status, count in statuses.items()) or "none"
        lines.append(f"| {name} | {wall:.1f} ms | {cpu:.1f} ms | {sent / 1024:.1f} KiB | {responses} |")
    return "\n".join(lines)


def timed(label, commands, server, runs, warmup):
    before = server.cpu_seconds() if server else None
    samples = interleaved(commands, runs, warmup)
    server_ms = None
    if server:
        total_runs = (runs + warmup) * len(commands)
        server_ms = (server.cpu_seconds() - before) / total_runs * 1000
    return (label, median(samples["report"], "wall") * 1000, median(samples["curl"], "wall") * 1000, "ms",
            server_ms, median(samples["report"], "cpu") * 1000, median(samples["curl"], "cpu") * 1000)


def render(rows, report, curl):
    curl_version = subprocess.run([curl, "--version"], capture_output=True, text=True).stdout.splitlines()[0]
    report_version = subprocess.run([report, "--version"], capture_output=True, text=True).stdout.strip()
    report_version = report_version.split(" libcurl/")[0]
    cpu = next((line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                if line.startswith("model name")), platform.processor())
    lines = [
        f"Measured {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} on {os.cpu_count()} cores ({cpu}), "
        f"{platform.system()} {platform.release()}; {report_version} (release build), {curl_version.split(' (')[0]}; "
        f"nginx serving static files on loopback.",
        "",
        "| measurement | report | curl | report / curl | server CPU per run | CPU time report / curl |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    for row in rows:
        label, mine, theirs, unit, server_ms = row[:5]
        ratio = f"{mine / theirs:.2f}" if theirs else "–"
        server = f"{server_ms:.1f} ms" if server_ms is not None else "–"
        cpu = f"{row[5]:.1f} / {row[6]:.1f} ms" if len(row) > 5 else "–"
        lines.append(f"| {label} | {mine:.1f} {unit} | {theirs:.1f} {unit} | {ratio} | {server} | {cpu} |")
    return "\n".join(lines)


if __name__ == "__main__":
    main()
