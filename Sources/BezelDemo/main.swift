import Bezel
print("demo")
