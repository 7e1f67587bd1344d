"""A Central client written the way the compared servers write theirs (httpx, HTTP/2 asked for,
production URLs, settings only from the environment). Run with the environment of
FakeCentral.serverEnv(): it must reach the fake through the proxy without any code change.

Prints one JSON line: what it fetched, every status it saw, and what happened on an escape.
"""

import json
import os
import time

import httpx

SSO_URL = "https://sso.common.cloud.hpe.com/as/token.oauth2"
BASE_URL = "https://us5.api.central.arubanetworks.com"
ESCAPE_URL = "https://example.com/"


def fetch_token(client: httpx.Client) -> str:
    # HTTP Basic credentials, as pycentral (oauthlib) sends them.
    auth = (os.environ["CENTRAL_CLIENT_ID"], os.environ["CENTRAL_CLIENT_SECRET"])
    res = client.post(SSO_URL, data={"grant_type": "client_credentials"}, auth=auth)
    res.raise_for_status()
    return res.json()["access_token"]


def main() -> None:
    seen: list[int] = []
    # trust_env (the default) picks up HTTPS_PROXY and SSL_CERT_FILE.
    with httpx.Client(http2=True, timeout=10) as client:
        bearer = fetch_token(client)

        def get(path: str, params: dict) -> httpx.Response:
            nonlocal bearer
            for _ in range(5):
                res = client.get(
                    BASE_URL + path,
                    params=params,
                    headers={"authorization": f"Bearer {bearer}", "accept": "application/json"},
                )
                seen.append(res.status_code)
                if res.status_code == 429:
                    time.sleep(float(res.headers["Retry-After"]))
                elif res.status_code == 401:
                    bearer = fetch_token(client)
                else:
                    res.raise_for_status()
                    return res
            raise SystemExit(f"gave up on {path}: statuses {seen}")

        macs: list[str] = []
        pages = 0
        params: dict = {"limit": 2}
        while True:
            res = get("/network-monitoring/v1/clients", params)
            body = res.json()
            pages += 1
            macs += [item["macAddress"] for item in body["items"]]
            # `next` is null or absent on the last page, as the vendor lists differ (SPEC.md §5).
            if body.get("next") is None:
                break
            params = {"limit": 2, "next": body["next"]}

        try:
            escaped = client.get(ESCAPE_URL)
            escape = {"refused": False, "status": escaped.status_code}
        except httpx.HTTPError as error:
            escape = {"refused": True, "error": f"{type(error).__name__}: {error}"}

    print(
        json.dumps(
            {
                "client": f"httpx {httpx.__version__}",
                "httpVersion": res.http_version,
                "pages": pages,
                "macs": macs,
                "total": body["total"],
                "seen": seen,
                "escape": escape,
            }
        )
    )


if __name__ == "__main__":
    main()
