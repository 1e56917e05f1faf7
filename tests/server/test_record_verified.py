"""What an import answers about the hashes it could check (issue 31, item 9): a record with
no steps and no set-up hash is not reported verified."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from ostfront.core.record import new_record
from ostfront.games import get


@pytest.mark.parametrize("game", ["dr", "sno"])
def test_a_record_with_nothing_to_check_is_not_reported_verified(
    client: TestClient, game: str
) -> None:
    g = get(game)
    scenario = g.scenarios()[0].id
    data = new_record(g, g.setup(scenario, {}, 5)).to_json()
    r = client.post("/api/import", json=data)
    assert r.status_code == 201, r.text
    assert r.json()["verified"] is True  # the set-up's hash was checked
    data["header"]["initial_hash"] = None
    r = client.post("/api/import", json=data)
    assert r.status_code == 201, r.text
    out = r.json()
    assert out["verified"] is False and out["hashes_checked"] == 0
    assert "no steps and no set-up hash" in out["note"]
    data["header"]["initial_hash"] = "0" * 16  # a wrong one is refused, as before
    assert client.post("/api/import", json=data).status_code == 422
