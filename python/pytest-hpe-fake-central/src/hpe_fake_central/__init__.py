"""pytest fixtures serving a fake HPE Aruba Networking Central / HPE GreenLake API.

The fake is hpe-mcp-bench's (a Node bundle shipped in this wheel). See the hpe-mcp-bench
repository's docs/testing-with-the-fake.md for recipes.
"""

from ._assertions import FakeCentralAssertionError
from ._control import FakeCentralControlError, FakeCentralUnavailable
from ._fake import FakeCentral, FakeCentralStartupError, start_fake_central

__all__ = [
    "FakeCentral",
    "FakeCentralAssertionError",
    "FakeCentralControlError",
    "FakeCentralStartupError",
    "FakeCentralUnavailable",
    "start_fake_central",
]
