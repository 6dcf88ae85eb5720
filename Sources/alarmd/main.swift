// alarmd: the per-user alarm daemon. Comes with the daemon issue.
print("alarmd: not built yet")
