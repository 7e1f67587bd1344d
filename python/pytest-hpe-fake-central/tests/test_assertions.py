"""State and call assertions in plain Python: each failure names what the fake saw instead."""

from __future__ import annotations

import pytest
from test_write_spine import SSIDS, client

from hpe_fake_central import FakeCentral, FakeCentralAssertionError


def create_lab(fake: FakeCentral, **body: object) -> None:
    with client(fake) as api:
        api.post(f"{SSIDS}/Lab", json={"enable": True, "opmode": "WPA3_SAE", **body}).raise_for_status()


def test_assert_added_returns_the_new_items_and_names_the_difference(
    fake_central_env: FakeCentral,
) -> None:
    create_lab(fake_central_env)
    [lab] = fake_central_env.assert_added("wlan-ssids", where={"ssid": "Lab"}, fields={"enable": True})
    assert lab["opmode"] == "WPA3_SAE"
    with pytest.raises(FakeCentralAssertionError) as wrong_value:
        fake_central_env.assert_added("wlan-ssids", where={"ssid": "Lab"}, fields={"opmode": "OPEN"})
    assert 'opmode is "WPA3_SAE", expected "OPEN"' in str(wrong_value.value)
    with pytest.raises(FakeCentralAssertionError) as wrong_item:
        fake_central_env.assert_added("wlan-ssids", where={"ssid": "Lab2"})
    message = str(wrong_item.value)
    assert "expected 1 item(s) added where" in message and "0 item(s) added" in message
    assert "added instead:\n  ssid=Lab:" in message


def test_check_state_says_why_it_did_not_pass(fake_central_env: FakeCentral) -> None:
    create_lab(fake_central_env)
    verdict = fake_central_env.check_state(
        [{"collection": "wlan-ssids", "where": {"ssid": "Lab"}, "fields": {"enable": True}}]
    )
    assert verdict["passed"] is False and verdict["failures"] == []
    assert "assert a new item with `added: N`" in verdict["summary"]
    with pytest.raises(FakeCentralAssertionError, match="wlan-ssids ssid=Lab added"):
        fake_central_env.assert_state(
            [{"collection": "wlan-ssids", "where": {"ssid": "Lab"}, "fields": {"enable": True}}]
        )


def test_assert_unchanged_lists_each_change_before_and_after(fake_central_env: FakeCentral) -> None:
    fake_central_env.assert_unchanged()
    with client(fake_central_env) as api:
        api.patch(f"{SSIDS}/Guest", json={"enable": False}).raise_for_status()
    fake_central_env.assert_unchanged("wlan-ssids", where={"essid.name": "Corp-Secure"})
    with pytest.raises(FakeCentralAssertionError) as changed:
        fake_central_env.assert_unchanged("wlan-ssids")
    assert "wlan-ssids ssid=Guest modified (enable: true → false)" in str(changed.value)


def test_assert_called_lists_the_calls_it_saw(fake_central_env: FakeCentral) -> None:
    create_lab(fake_central_env)
    [post] = fake_central_env.assert_called(f"POST {SSIDS}/*", times=1, status=200)
    assert post["path"] == f"{SSIDS}/Lab"
    fake_central_env.assert_not_called(f"DELETE {SSIDS}/*")
    with pytest.raises(FakeCentralAssertionError) as missing:
        fake_central_env.assert_called(f"PATCH {SSIDS}/*")
    assert f"expected at least 1 call(s) to PATCH {SSIDS}/*, saw 0" in str(missing.value)
    assert f"POST {SSIDS}/Lab → 200" in str(missing.value)
    with pytest.raises(FakeCentralAssertionError, match="expected no call"):
        fake_central_env.assert_not_called(f"POST {SSIDS}/*")


def test_a_refused_write_shows_as_refused(fake_central_env: FakeCentral) -> None:
    with client(fake_central_env) as api:
        assert api.post(f"{SSIDS}/Bad", json={"opmode": "NOT_A_MODE"}).status_code == 400
    with pytest.raises(FakeCentralAssertionError) as refused:
        fake_central_env.assert_called(f"POST {SSIDS}/*", status=200)
    assert "(1 answered otherwise)" in str(refused.value)
    assert f"POST {SSIDS}/Bad → 400 refused (enum at" in str(refused.value)


def test_the_client_secret_sent_to_the_api_fails_assert_secret_kept(
    fake_central_env: FakeCentral,
) -> None:
    with client(fake_central_env) as api:
        api.get(f"{SSIDS}/Guest").raise_for_status()
        fake_central_env.assert_secret_kept()  # the token request carried it: where it belongs
        api.get(
            f"{SSIDS}/Guest",
            headers={"X-Client-Id": fake_central_env.client_id, "X-Client-Secret": fake_central_env.client_secret},
        ).raise_for_status()
    [sent] = [c for c in fake_central_env.calls() if c.get("credentialSent")]
    assert sent["credentialSent"] == ["header:x-client-secret"]
    with pytest.raises(FakeCentralAssertionError) as leaked:
        fake_central_env.assert_secret_kept()
    message = str(leaked.value)
    assert "but 1 request(s) sent it to the API:" in message
    assert f"GET {SSIDS}/Guest → 200 with the client secret in header:x-client-secret" in message
    assert fake_central_env.client_secret not in message
    # The fixture would warn about it after the test (test_dead_fake.py shows that): not here.
    fake_central_env.reset()
