#!/usr/bin/env python3
"""Runs a command on a pseudo-terminal of its own, as a person at a terminal would.

  terminal.py PROMPT ACTION COMMAND [ARG ...]

Waits until the command's output shows PROMPT and the terminal's echo is off, then does ACTION:
`type:TEXT` types TEXT and Enter; `signal:NAME` sends the signal (e.g. TERM). Prints one JSON
object: {"status": exit status, "output": everything the terminal showed, "echoAfter": whether the
terminal echoes again once the command has ended}. Exits 3 when the prompt never came.
"""

import fcntl
import json
import os
import pty
import select
import signal
import sys
import termios
import time

TIMEOUT = 20


def catches(pid, number):
    """Whether the process has a handler for signal `number` (its SigCgt mask in /proc)."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("SigCgt:"):
                return int(line.split()[1], 16) & (1 << (number - 1)) != 0
    return False


def main():
    prompt, action, command = sys.argv[1].encode(), sys.argv[2], sys.argv[3:]
    master, slave = pty.openpty()
    pid = os.fork()
    if pid == 0:
        os.setsid()
        fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
        for descriptor in (0, 1, 2):
            os.dup2(slave, descriptor)
        os.close(master)
        os.execv(command[0], command)

    output = b""

    def read_for(seconds, until=None):
        nonlocal output
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if until is not None and until():
                return True
            ready, _, _ = select.select([master], [], [], 0.05)
            if ready:
                try:
                    chunk = os.read(master, 4096)
                except OSError:
                    return until is None
                if not chunk:
                    return until is None
                output += chunk
        return until is None or until()

    def echo_is_off():
        return not termios.tcgetattr(slave)[3] & termios.ECHO

    if not read_for(TIMEOUT, lambda: prompt in output and echo_is_off()):
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        print(json.dumps({"error": "no prompt", "output": output.decode(errors="replace")}))
        sys.exit(3)

    kind, _, value = action.partition(":")
    if kind == "type":
        os.write(master, value.encode() + b"\r")
    else:
        number = getattr(signal, "SIG" + value)
        # Only once the command catches the signal: before its handler is in place, the signal
        # would be ignored or end it the default way.
        read_for(TIMEOUT, lambda: catches(pid, number))
        os.kill(pid, number)

    deadline = time.monotonic() + TIMEOUT
    status = None
    while status is None and time.monotonic() < deadline:
        read_for(0.1)
        finished, code = os.waitpid(pid, os.WNOHANG)
        if finished:
            status = os.waitstatus_to_exitcode(code)
    if status is None:
        os.kill(pid, signal.SIGKILL)
        _, code = os.waitpid(pid, 0)
        status = os.waitstatus_to_exitcode(code)
    read_for(0.2)
    print(json.dumps({"status": status, "output": output.decode(errors="replace"),
                      "echoAfter": bool(termios.tcgetattr(slave)[3] & termios.ECHO)}))


main()
