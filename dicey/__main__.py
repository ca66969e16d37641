"""``python -m dicey`` is the ``dicey`` command."""
import sys

from .cli import main

sys.exit(main())
