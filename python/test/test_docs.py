"""Runs every ```python block of docs/python.md, each in a fresh namespace,
from the repository's root (the examples name files of examples/)."""
import os
import re

import pytest

from conftest import REPO

DOC = REPO / "docs" / "python.md"
BLOCKS = re.findall(r"^```python\n(.*?)^```$", DOC.read_text(),
                    re.MULTILINE | re.DOTALL)


def test_the_page_has_examples():
    assert len(BLOCKS) >= 8


@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_example(index, monkeypatch):
    monkeypatch.chdir(REPO)
    code = compile(BLOCKS[index], f"{DOC}:block{index}", "exec")
    exec(code, {"__name__": f"docs_python_{index}"})
