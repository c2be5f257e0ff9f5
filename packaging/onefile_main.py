"""Entry point of the one-file build (packaging/russian-bank.spec): the ``russian-bank`` program."""

import multiprocessing

from russian_bank.__main__ import main

if __name__ == "__main__":
    multiprocessing.freeze_support()  # sim --jobs N starts workers from this same executable
    raise SystemExit(main())
