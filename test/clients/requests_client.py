"""A Central client written the way the compared servers write theirs (requests, production
URLs, settings only from the environment). Run with the environment of FakeCentral.serverEnv():
it must reach the fake through the proxy without any code change.

Prints one JSON line: what it fetched, every status it saw, and what happened on an escape.
"""

import json
import os
import time

import requests

SSO_URL = "https://sso.common.cloud.hpe.com/as/token.oauth2"
BASE_URL = "https://us5.api.central.arubanetworks.com"
ESCAPE_URL = "https://example.com/"


def fetch_token(session: requests.Session) -> str:
    # Credentials in the form body (client_secret_post), as secure-ssid sends them.
    form = {
        "grant_type": "client_credentials",
        "client_id": os.environ["CENTRAL_CLIENT_ID"],
        "client_secret": os.environ["CENTRAL_CLIENT_SECRET"],
    }
    res = session.post(SSO_URL, data=form, timeout=10)
    res.raise_for_status()
    return res.json()["access_token"]


def main() -> None:
    seen: list[int] = []
    # trust_env (the default) picks up HTTPS_PROXY and REQUESTS_CA_BUNDLE.
    with requests.Session() as session:
        bearer = fetch_token(session)

        def get(path: str, params: dict) -> requests.Response:
            nonlocal bearer
            for _ in range(5):
                res = session.get(
                    BASE_URL + path,
                    params=params,
                    headers={"Authorization": f"Bearer {bearer}", "Accept": "application/json"},
                    timeout=10,
                )
                seen.append(res.status_code)
                if res.status_code == 429:
                    time.sleep(float(res.headers["Retry-After"]))
                elif res.status_code == 401:
                    bearer = fetch_token(session)
                else:
                    res.raise_for_status()
                    return res
            raise SystemExit(f"gave up on {path}: statuses {seen}")

        macs: list[str] = []
        pages = 0
        params: dict = {"limit": 2}
        while True:
            body = get("/network-monitoring/v1/clients", params).json()
            pages += 1
            macs += [item["macAddress"] for item in body["items"]]
            # `next` is null or absent on the last page, as the vendor lists differ (SPEC.md §5).
            if body.get("next") is None:
                break
            params = {"limit": 2, "next": body["next"]}

        try:
            escaped = session.get(ESCAPE_URL, timeout=10)
            escape = {"refused": False, "status": escaped.status_code}
        except requests.RequestException as error:
            escape = {"refused": True, "error": f"{type(error).__name__}: {error}"}

    print(
        json.dumps(
            {
                "client": f"requests {requests.__version__}",
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
