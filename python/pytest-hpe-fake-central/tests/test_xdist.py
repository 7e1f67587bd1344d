"""Under pytest-xdist each worker has its own fake (its own session), reset before each test."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest_plugins = ["pytester"]


def test_one_fake_per_worker(pytester: pytest.Pytester, tmp_path: Path) -> None:
    log = tmp_path / "seen.txt"
    pytester.makepyfile(
        f"""
        import os
        import pytest

        @pytest.mark.parametrize("n", range(6))
        def test_each(fake_central, n):
            assert fake_central.calls() == []
            fake_central.calls(path="GET /x")  # the control API is not on the call log
            with open({str(log)!r}, "a") as out:
                out.write(os.environ["PYTEST_XDIST_WORKER"] + " " + fake_central.url + "\\n")
        """
    )
    result = pytester.runpytest_subprocess("-n", "2", "-p", "no:cacheprovider")
    assert result.ret == 0, result.stdout.str()
    pairs = {tuple(line.split()) for line in log.read_text().splitlines()}
    workers = {worker for worker, _ in pairs}
    urls = {url for _, url in pairs}
    assert workers == {"gw0", "gw1"}
    assert len(urls) == 2 and len(pairs) == 2  # one fake per worker, kept for its tests
