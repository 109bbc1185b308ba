# Makes the demo's app fonts from Debian's DejaVu (fonts-dejavu-core), renamed so that
# fontconfig cannot find them unless the app registers them, and cut to printable ASCII.
from fontTools.ttLib import TTFont, TTCollection
from fontTools import subset
import sys
src = "/usr/share/fonts/truetype/dejavu/"
def make(path, family, style, out=None):
    opts = subset.Options(); opts.name_IDs = ["*"]; opts.layout_features = ["*"]; opts.notdef_outline = True
    font = subset.load_font(src + path, opts)
    s = subset.Subsetter(opts); s.populate(unicodes=range(0x20, 0x7F)); s.subset(font)
    for rec in font["name"].names:
        if rec.nameID in (1, 16): rec.string = family
        elif rec.nameID in (2, 17): rec.string = style
        elif rec.nameID == 4: rec.string = family + (" " + style if style != "Regular" else "")
        elif rec.nameID == 6: rec.string = (family + "-" + style).replace(" ", "")
    if out: font.save(out)
    return font
make("DejaVuSerifCondensed.ttf", "Bezel Demo Serif", "Regular", "BezelDemoSerif.ttf")
make("DejaVuSerifCondensed-Bold.ttf", "Bezel Demo Serif", "Bold", "BezelDemoSerif-Bold.otf")
c = TTCollection(); c.fonts = [make("DejaVuSansMono.ttf", "Bezel Demo Mono", "Regular"), make("DejaVuSansMono-Bold.ttf", "Bezel Demo Mono", "Bold")]
c.save("BezelDemoMono.ttc")
