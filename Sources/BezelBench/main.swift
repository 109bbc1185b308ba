import Bezel
print("bench")
