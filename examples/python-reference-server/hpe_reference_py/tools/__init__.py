"""The read tools, one module per intent family (names as in examples/reference-server/tools/)."""
