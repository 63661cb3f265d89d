"""Classic xlwings entry point: the button runs BOOK.main() (xlwings quickstart convention)."""
from xl_ratings.excel import main  # noqa: F401
