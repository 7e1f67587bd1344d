"""`python -m hpe_fake_central [--fixture NAME] [--lenient] -- COMMAND ...`

Runs COMMAND with a fake running and its environment set: the proxy and CA variables a client
needs (`env`) plus FAKE_CENTRAL_URL, FAKE_CENTRAL_CLIENT_ID, FAKE_CENTRAL_CLIENT_SECRET,
FAKE_CENTRAL_WORKSPACE_ID, and the control API's FAKE_CENTRAL_CONTROL_URL,
FAKE_CENTRAL_CONTROL_TOKEN and FAKE_CENTRAL_PID. For a server's own live tests pointed at the
fake by launch configuration alone, or any test suite: under pytest the plugin's fixtures attach
to this fake (one fake for the run, reset before each test) and take the control variables out
of the environment, so the servers those tests start never see the control token. Exits with
COMMAND's exit code.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys

from ._environment import environment_for
from ._fake import FakeCentralStartupError, start_fake_central


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m hpe_fake_central")
    parser.add_argument("--fixture", default=None, help="bundle name or directory (default site-a)")
    parser.add_argument(
        "--lenient",
        action="store_true",
        help="let requests HPE's documents forbid through (by default they are refused)",
    )
    # Accepted for old scripts: checking requests against the documents is now the default.
    parser.add_argument("--strict-query", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("command", nargs=argparse.REMAINDER, help="-- COMMAND [ARGS...]")
    args = parser.parse_args(argv)
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("give the command to run after --")
    try:
        fake = start_fake_central(
            fixture=args.fixture, validation="lenient" if args.lenient else "documents"
        )
    except FakeCentralStartupError as error:
        print(f"hpe_fake_central: could not start the fake: {error}", file=sys.stderr)
        return 2
    with fake:
        env = {
            **os.environ,
            **environment_for(fake),
            "FAKE_CENTRAL_CONTROL_URL": fake.control_url,
            "FAKE_CENTRAL_CONTROL_TOKEN": fake.control_token,
            "FAKE_CENTRAL_PID": str(fake.pid),
        }
        try:
            return subprocess.run(command, env=env, check=False).returncode
        except FileNotFoundError:
            print(f"hpe_fake_central: no such command: {command[0]}", file=sys.stderr)
            return 127


if __name__ == "__main__":
    sys.exit(main())
