"""Task families of the shop's back office (logged in as its staff task user)."""
