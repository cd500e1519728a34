"""pytest integration: the `ragjudge_judge` fixture and `--ragjudge-judge` option."""
