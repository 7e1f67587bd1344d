"""Runs the Python reference server from a checkout: `.venv/bin/python examples/python-reference-server/server.py`."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from hpe_reference_py.__main__ import main  # noqa: E402

if __name__ == "__main__":
    main()
