"""paperfig: reproducible survey figures and tables from extracted paper text."""

__version__ = "0.1.0"
