"""Host-side analysis of Geek Out! Masters: strategies, simulation (and the solver)."""
