"""Fixtures for the attack tests (issue 13, SPEC §7)."""

from __future__ import annotations

import pytest

from .clone import new_victim


@pytest.fixture
def victim(tmp_path):
    """A user running `lore` inside a repository they cloned (see clone.py)."""
    return new_victim(tmp_path)
