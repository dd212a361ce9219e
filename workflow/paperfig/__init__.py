"""paperfig: reproducible survey figures and tables from extracted paper text."""

from importlib import metadata

try:
    # The version is written once, in pyproject.toml; the installed metadata carries it.
    __version__ = metadata.version("paperfig")
except metadata.PackageNotFoundError:  # imported from a checkout that was never installed
    __version__ = "0+unknown"
