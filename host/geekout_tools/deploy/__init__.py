"""`geekout deploy`: compile the firmware and copy to the board only what changed."""
