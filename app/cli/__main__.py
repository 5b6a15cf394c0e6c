"""``python -m app.cli``: the ``cardtable`` command."""

import sys

from app.cli.commands import main

sys.exit(main())
