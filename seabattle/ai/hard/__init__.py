"""The hard level: a pool of whole fleets, its opening tables, its search."""
