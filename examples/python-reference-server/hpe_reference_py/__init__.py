"""A Python MCP server for HPE Aruba Networking Central on the official MCP SDK (read tools only).

The Python sibling of examples/reference-server: the same tool names, argument names and result
shapes, so the benchmark's scenarios drive both with one plan.
"""

SERVER_NAME = "hpe-reference-mcp-py"
SERVER_VERSION = "0.1.0"
