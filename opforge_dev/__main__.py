"""python -m opforge_dev: the same as the opforge-dev command."""

import sys

from opforge_dev.cli import main

sys.exit(main())
