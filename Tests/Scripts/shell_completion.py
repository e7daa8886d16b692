#!/usr/bin/env python3
"""Presses ⇥ in a real interactive shell on a pseudo-terminal of its own, as a person would.

  shell_completion.py SHELL FOLDER SCRIPT TEXT

Starts SHELL (bash, zsh or fish) interactively in FOLDER with the completion script SCRIPT loaded
(`report` must be on PATH), waits for its prompt, types TEXT and ⇥, then `_END` (at the end of
the line as ⇥ left it), goes to the line's start (Ctrl-A) and types `show_args ` and Enter: the
shell runs `show_args` with the words of the line, and the function prints them as
`ARGS[report][config][_END]`. So the line ⇥ made is read back exactly: `config ` (a word and a
space) gives `[config][_END]`, `config/` gives `[config/_END]`. Keys typed after ⇥ wait in the
terminal until the shell has finished the completion, as a person's would: no sleep is needed.

Prints one JSON object: {"words": the words (null if the shell never printed them), "output":
everything the terminal showed}. Exits 3 when the prompt or the words never came (20 s and 60 s).
"""

import fcntl
import json
import os
import pty
import re
import select
import signal
import struct
import sys
import termios
import time

PROMPT = b"READY> "
WORDS = re.compile(rb"ARGS((?:\[[^\]\r\n]*\])*)\r?\n")


def setup(shell, folder, script):
    """The command line of `shell` and the files it reads first, written under `folder`/.home."""
    home = os.path.join(folder, ".home")
    os.makedirs(home, exist_ok=True)
    if shell == "bash":
        rc = os.path.join(home, "bashrc")
        with open(rc, "w") as file:
            file.write(
                "PS1='READY> '\n"
                f"source '{script}'\n"
                "show_args() { printf 'ARGS'; printf '[%s]' \"$@\"; printf '\\n'; }\n"
            )
        with open(os.path.join(home, "inputrc"), "w") as file:
            file.write("set bell-style none\n")
        return ["bash", "--noprofile", "--rcfile", rc, "-i"], {"INPUTRC": os.path.join(home, "inputrc")}
    if shell == "zsh":
        with open(os.path.join(home, ".zshrc"), "w") as file:
            file.write(
                "bindkey -e\n"
                "unsetopt beep\n"
                "PS1='READY> '\n"
                "autoload -Uz compinit && compinit -u -D\n"
                f"source '{script}'\n"
                "show_args() { printf 'ARGS'; printf '[%s]' \"$@\"; printf '\\n'; }\n"
            )
        return ["zsh", "-i"], {"ZDOTDIR": home}
    if shell == "fish":
        init = (
            "set -g fish_greeting ''; "
            "function fish_prompt; printf 'READY> '; end; "
            "function fish_right_prompt; end; "
            f"source '{script}'; "
            "function show_args; printf 'ARGS'; printf '[%s]' $argv; printf '\\n'; end"
        )
        return ["fish", "--no-config", "--private", "-i", "-C", init], {}
    raise SystemExit(f"unknown shell {shell}")


def main():
    shell, folder, script, text = sys.argv[1:5]
    command, variables = setup(shell, folder, script)
    environment = dict(os.environ)
    environment.update(variables)
    environment.update({"HOME": os.path.join(folder, ".home"), "TERM": "xterm", "HISTFILE": "/dev/null",
                        "XDG_CONFIG_HOME": os.path.join(folder, ".home", "config"),
                        "XDG_DATA_HOME": os.path.join(folder, ".home", "data")})
    for name in ("EDITOR", "VISUAL", "PROMPT_COMMAND", "ENV", "BASH_ENV"):
        environment.pop(name, None)

    master, slave = pty.openpty()
    # A terminal of 200 columns: the line never wraps, so the shells redraw nothing.
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 200, 0, 0))
    pid = os.fork()
    if pid == 0:
        os.setsid()
        fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
        for descriptor in (0, 1, 2):
            os.dup2(slave, descriptor)
        os.close(master)
        os.chdir(folder)
        os.execvpe(command[0], command, environment)
    os.close(slave)

    output = b""

    def read_until(seconds, done):
        nonlocal output
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if done():
                return True
            ready, _, _ = select.select([master], [], [], 0.1)
            if ready:
                try:
                    chunk = os.read(master, 4096)
                except OSError:
                    return done()
                if not chunk:
                    return done()
                output += chunk
        return done()

    def finish(words, status):
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        os.waitpid(pid, 0)
        print(json.dumps({"words": words, "output": output.decode(errors="replace")}))
        sys.exit(status)

    if not read_until(20, lambda: PROMPT in output):
        finish(None, 3)
    # The text, then ⇥, the marker, Ctrl-A, the function's name and Enter, as one typing.
    start = len(output)
    os.write(master, text.encode() + b"\t" + b"_END" + b"\x01" + b"show_args " + b"\r")
    if not read_until(60, lambda: WORDS.search(output, start)):
        finish(None, 3)
    found = WORDS.search(output, start).group(1).decode(errors="replace")
    finish(re.findall(r"\[([^\]]*)\]", found), 0)


if __name__ == "__main__":
    main()
