"""Classic xlwings entry point: the buttons run BOOK.main() (xlwings quickstart convention): on the Import sheet it imports, elsewhere it processes."""
from xl_ratings.excel import main  # noqa: F401
