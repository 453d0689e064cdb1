"""Shared set-up of the pytest-lsp suite: the flowc binary and a fresh copy of the shop workspace."""

import os
import pathlib
import shutil

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]
FLOWC = os.environ.get("FLOWC", str(ROOT / ".build" / "debug" / "flowc"))
FIXTURE = ROOT / "Tests" / "Fixtures" / "lsp" / "shop"


@pytest.fixture
def workspace(tmp_path: pathlib.Path) -> pathlib.Path:
    folder = tmp_path / "shop"
    shutil.copytree(FIXTURE, folder)
    return folder
