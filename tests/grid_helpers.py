"""Find the table blocks of a small document written in a test (shared by the table-form tests)."""

from paperfig.tableforms import Grid, find_grids


def grids(text: str, skip=()) -> list[Grid]:
    return find_grids(text.split("\n"), skip)


def one(text: str, form: str) -> Grid:
    """The document's only block, which must be of ``form``."""
    found = grids(text)
    assert len(found) == 1, found
    assert found[0].form == form
    return found[0]
