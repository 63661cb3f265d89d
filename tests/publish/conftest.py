"""The shared test modules (helpers, import_writers, needs …) stand in tests/, one folder up."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
