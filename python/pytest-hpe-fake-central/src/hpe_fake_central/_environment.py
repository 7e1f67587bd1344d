"""The environment a client needs to reach a fake, and the suite's own names for its settings."""

from __future__ import annotations

from typing import Iterable

from ._fake import FakeCentral

# What `ini fake_central_env_vars` templates may name.
TEMPLATE_FIELDS = ("url", "proxy_url", "client_id", "client_secret", "workspace_id", "ca_cert_path")


class EnvTemplateError(ValueError):
    """A `fake_central_env_vars` line that cannot be used; the message names it and the fix."""


def environment_for(fake: FakeCentral, templates: Iterable[str] = ()) -> dict[str, str]:
    """The proxy and CA variables (`fake.env`), FAKE_CENTRAL_URL/CLIENT_ID/CLIENT_SECRET/
    WORKSPACE_ID, and each `NAME={field}` template line filled from the fake."""
    values = {field: str(getattr(fake, field)) for field in TEMPLATE_FIELDS}
    env = {
        **fake.env,
        "FAKE_CENTRAL_URL": fake.url,
        "FAKE_CENTRAL_CLIENT_ID": fake.client_id,
        "FAKE_CENTRAL_CLIENT_SECRET": fake.client_secret,
        "FAKE_CENTRAL_WORKSPACE_ID": fake.workspace_id,
    }
    for line in templates:
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        name, sep, template = line.partition("=")
        if not sep or not name.strip().isidentifier():
            raise EnvTemplateError(
                f"fake_central_env_vars: {line!r} is not NAME=TEMPLATE "
                "(e.g. CENTRAL_CLIENT_ID={client_id})"
            )
        try:
            env[name.strip()] = template.strip().format(**values)
        except (KeyError, IndexError, ValueError) as error:
            raise EnvTemplateError(
                f"fake_central_env_vars: {line!r} names {error}; a template may use "
                + ", ".join("{" + f + "}" for f in TEMPLATE_FIELDS)
            ) from None
    return env
