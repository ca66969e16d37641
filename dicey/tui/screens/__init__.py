"""The game's screens: title, hero choice, dungeon map, fight, reward, inventory, end, help."""
