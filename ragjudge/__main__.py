"""`python -m ragjudge` runs the command line."""

import sys

from ragjudge.cli import main

sys.exit(main())
