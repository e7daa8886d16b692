#!/usr/bin/env python3
"""Round trips over an emulated link: `report` against `curl --parallel`, HTTPS, HTTP/2 and HTTP/1.1.

Usually started by `Benchmarks/run` (or `Benchmarks/run --link` for this part alone):

  link.py --report PATH [--curl PATH] [--nginx PATH] [--delay 0.020] [--quick] [--out Benchmarks/latest-link.md]

nginx serves the demo interview and report as static files over HTTPS twice: on one port with
HTTP/2 (ALPN h2), on another with HTTP/1.1 only. Each port sits behind Benchmarks/delay_proxy.py,
which delays every byte by `--delay` in each direction (RTT = twice that). The certificate is made
at run time with openssl and trusted with `--cacert` by both tools. Measured, the two tools
interleaved (ABAB, which one goes first alternating), medians:

  1. one fetch: `report fetch --term N --json --no-cache` vs `curl --parallel` of the same two URLs
     (which waits, as libcurl's CURLOPT_PIPEWAIT, to learn whether the first connection multiplexes
     before it opens a second) and vs `curl --parallel --parallel-immediate` (which does not wait);
  2. 50 terms, 16 at a time: `report fetch --terms-from F --parallel 16 --jsonl --no-cache` vs
     `curl --parallel --parallel-max 16` of the same 100 URLs, and vs `--parallel-max 32`: `report`
     has two requests in flight a term, 32 in all (and keeps a connection for each).

Round trips are wall time / RTT. The TCP connect goes to the proxy on loopback and is not delayed,
so they count what follows it (TLS handshake, requests) plus the process's own time (start-up,
decoding), which is a fraction of a round trip here. Both tools send the Authorization header and
accept compressed bodies (nginx sends them plain either way).
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

sys.dont_write_bytecode = True
sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench import (FIRST_TERM, TOKEN, check_curl_output, check_report_output, free_ports, interleaved, median,  # noqa: E402
                   nginx_conf, spawn, work_folders, write_site)

REPO = Path(__file__).resolve().parent.parent
TERMS = 50

def make_certificate(folder: Path):
    """A self-signed certificate for 127.0.0.1 (its own CA): trusted by both tools with --cacert."""
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
                    "-nodes", "-keyout", str(key), "-out", str(cert), "-days", "2", "-subj", "/CN=127.0.0.1",
                    "-addext", "subjectAltName=IP:127.0.0.1", "-addext", "basicConstraints=critical,CA:TRUE"],
                   check=True, capture_output=True)
    key.chmod(0o644)
    return cert, key


def wait_for_line(process, what):
    line = process.stdout.readline()
    if line.strip() != b"ready":
        raise SystemExit(f"link: {what} did not start: {line!r}")


class Servers:
    """nginx (HTTP/2 and HTTP/1.1-only ports) and a delaying proxy in front of each."""

    def __init__(self, nginx, site: Path, run: Path, cert: Path, key: Path, delay: float):
        h2_port, h1_port, *proxy_ports = free_ports(4)
        conf = run / "nginx.conf"
        conf.write_text(nginx_conf(run, site, [(f"127.0.0.1:{h2_port} ssl http2", []), (f"127.0.0.1:{h1_port} ssl", [])],
                                   http=f"    ssl_certificate {cert};\n    ssl_certificate_key {key};\n"
                                        "    ssl_protocols TLSv1.2 TLSv1.3;"))
        self.processes = [subprocess.Popen([nginx, "-c", str(conf), "-p", str(run)],
                                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)]
        self.urls = {}
        for (name, upstream), port in zip((("HTTP/2", h2_port), ("HTTP/1.1", h1_port)), proxy_ports):
            proxy = subprocess.Popen([sys.executable, str(REPO / "Benchmarks/delay_proxy.py"), "--listen", str(port),
                                      "--upstream", str(upstream), "--delay", str(delay)], stdout=subprocess.PIPE)
            self.processes.append(proxy)
            wait_for_line(proxy, "the delaying proxy")
            self.urls[name] = f"https://127.0.0.1:{port}"
        time.sleep(0.3)
        if self.processes[0].poll() is not None:
            raise SystemExit(f"link: nginx did not start: {self.processes[0].stderr.read().decode()}")

    def stop(self):
        for process in self.processes:
            process.terminate()
        for process in self.processes:
            try:
                process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                process.kill()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--report", required=True, help="the `report` binary (release build)")
    parser.add_argument("--curl", default=shutil.which("curl"))
    parser.add_argument("--nginx", default=shutil.which("nginx") or "/usr/sbin/nginx")
    parser.add_argument("--delay", type=float, default=0.020, help="seconds each direction is delayed")
    parser.add_argument("--quick", action="store_true", help="fewer runs")
    parser.add_argument("--out", default=str(REPO / "Benchmarks/latest-link.md"), help="where to write the table")
    args = parser.parse_args()
    report, curl = os.path.abspath(args.report), args.curl
    if not curl or not os.path.exists(report):
        raise SystemExit("link: need curl and the report binary")

    work, site, run = work_folders("report-link-")
    write_site(site, TERMS)
    cert, key = make_certificate(work)
    servers = Servers(args.nginx, site, run, cert, key, args.delay)
    try:
        rows = measure(report, curl, servers, cert, work, args.quick)
    finally:
        servers.stop()
        shutil.rmtree(work, ignore_errors=True)
    table = render(rows, 2 * args.delay, curl)
    print(table)
    Path(args.out).write_text(table + "\n", encoding="utf-8")
    print(f"link: wrote {args.out}", file=sys.stderr)


def measure(report, curl, servers, cert: Path, work: Path, quick):
    auth = f"Authorization: Bearer {TOKEN}"
    terms = range(FIRST_TERM, FIRST_TERM + TERMS)
    terms_file = work / "terms.txt"
    terms_file.write_text("".join(f"{term}\n" for term in terms))
    check = work / "check.out"
    rows = []
    for protocol, base in servers.urls.items():
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(work), "XDG_CONFIG_HOME": str(work / "config"),
               "REPORT_BASE_URL": base, "REPORT_TOKEN": TOKEN, "LANG": "C.UTF-8"}

        def urls(selected):
            for term in selected:
                yield f"{base}/v1/interviews/{term}"
                yield f"{base}/v1/analysis/report?termNo={term}"

        # The protocol each port speaks, as curl negotiates it.
        version = subprocess.run([curl, "-sS", "-o", "/dev/null", "-w", "%{http_version}", "--cacert", str(cert),
                                  next(urls([FIRST_TERM]))], capture_output=True, text=True, env=env).stdout
        expected = "2" if protocol == "HTTP/2" else "1.1"
        if version != expected:
            raise SystemExit(f"link: {base} speaks HTTP/{version}, not {protocol}")

        curl_config = work / f"urls-{expected}.cfg"
        curl_config.write_text("".join(f'url = "{url}"\n' for url in urls(terms)))
        term = FIRST_TERM + 7
        common_curl = [curl, "-sS", "--fail", "--compressed", "--cacert", str(cert), "-H", auth, "--parallel"]
        one = {
            "report": ([report, "fetch", "--term", str(term), "--json", "--no-cache", "--cacert", str(cert)], env),
            "curl": (common_curl + list(urls([term])), env),
            # Opens a connection for each URL at once instead of waiting to learn whether the
            # first one multiplexes (which curl --parallel does, as libcurl's CURLOPT_PIPEWAIT).
            "curl-immediate": (common_curl + ["--parallel-immediate"] + list(urls([term])), env),
        }
        batch = {
            "report": ([report, "fetch", "--terms-from", str(terms_file), "--parallel", "16", "--jsonl", "--no-cache",
                        "--cacert", str(cert)], env),
            "curl": (common_curl + ["--parallel-max", "16", "-K", str(curl_config)], env),
            # As many transfers in flight as `report` has requests: 16 terms, two requests each.
            "curl32": (common_curl + ["--parallel-max", "32", "-K", str(curl_config)], env),
        }
        for commands, count in ((one, 1), (batch, TERMS)):
            for name, (argv, _) in commands.items():
                if spawn(argv, env, stdout_path=str(check)).status != 0:
                    raise SystemExit(f"link: {name} failed: {' '.join(argv)}")
                if name == "report":
                    check_report_output(check, count) if count > 1 else json.loads(check.read_text(encoding="utf-8"))
                else:
                    check_curl_output(check, 2 * count)
        one_samples = interleaved(one, 8 if quick else 30, 2)
        rows.append((f"{protocol}: one fetch", one_samples))
        batch_samples = interleaved(batch, 4 if quick else 15, 1)
        rows.append((f"{protocol}: {TERMS} terms, 16 at a time", batch_samples))
    return rows


def render(rows, rtt, curl):
    curl_version = subprocess.run([curl, "--version"], capture_output=True, text=True).stdout.splitlines()[0]
    load = os.getloadavg()
    lines = [
        f"Measured {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} on {os.cpu_count()} cores "
        f"(load average {load[0]:.1f} at the end); {curl_version.split(' (')[0]}; nginx over HTTPS behind a proxy "
        f"adding {rtt * 500:.0f} ms each way (RTT {rtt * 1000:.0f} ms). Medians; round trips = wall time / RTT.",
        "",
        "| measurement | report | curl --parallel | report / curl | report, RTTs | curl, RTTs | range report / curl |",
        "| --- | ---: | ---: | ---: | ---: | ---: | --- |",
    ]
    extra = []
    for label, samples in rows:
        mine, theirs = median(samples["report"], "wall"), median(samples["curl"], "wall")
        spread = (f"{min(s.wall for s in samples['report']) * 1000:.0f}–{max(s.wall for s in samples['report']) * 1000:.0f}"
                  f" / {min(s.wall for s in samples['curl']) * 1000:.0f}–{max(s.wall for s in samples['curl']) * 1000:.0f} ms")
        lines.append(f"| {label} | {mine * 1000:.1f} ms | {theirs * 1000:.1f} ms | {mine / theirs:.2f} | "
                     f"{mine / rtt:.1f} | {theirs / rtt:.1f} | {spread} |")
        if "curl-immediate" in samples:
            other = median(samples["curl-immediate"], "wall")
            extra.append(f"{label}: curl --parallel --parallel-immediate {other * 1000:.1f} ms ({other / rtt:.1f} RTTs); "
                         f"report / that: {mine / other:.2f}.")
        if "curl32" in samples:
            other = median(samples["curl32"], "wall")
            extra.append(f"{label}: curl --parallel-max 32 (as many transfers in flight as report's requests) "
                         f"{other * 1000:.1f} ms ({other / rtt:.1f} RTTs); report / that: {mine / other:.2f}.")
    return "\n".join(lines + [""] + extra)


if __name__ == "__main__":
    main()
