"""Issue 31, items 4 and 8: a burst of imports cannot stall the other games, and the
one-server-a-database lock holds whatever name the database is given."""

from __future__ import annotations

from pathlib import Path

import pytest

from ostfront.server.store import DatabaseError, Store


# ------------------------------------------------------------------ 8. the database lock
def test_a_second_server_through_a_symlink_is_refused(tmp_path: Path) -> None:
    real = tmp_path / "a.sqlite"
    first = Store(real, exclusive=True)
    (tmp_path / "b.sqlite").symlink_to(real)
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "c.sqlite").symlink_to("../a.sqlite")
    for other in (tmp_path / "b.sqlite", tmp_path / "sub" / "c.sqlite"):
        with pytest.raises(DatabaseError, match=r"another Ostfront server .*that is, .*a\.sqlite"):
            Store(other, exclusive=True)
    first.close()
    again = Store(tmp_path / "b.sqlite", exclusive=True)  # free once the first stops
    with pytest.raises(DatabaseError, match="another Ostfront server"):
        Store(real, exclusive=True)
    again.close()
