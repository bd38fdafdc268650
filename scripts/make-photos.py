#!/usr/bin/env python3
"""Generates photos with Pillow: gradients and shapes, nothing photographed, so no licence applies.

  make-photos.py fixtures DIR       the bad and odd inputs the image tests read (small files)
  make-photos.py site DIR           the example site's photo stream (1600x1200 JPEGs, quality 80)
  make-photos.py corpus DIR N       N camera-sized 4000x3000 JPEGs for cellar-bench --images

Some photos carry an EXIF orientation (stored sideways) and a made-up GPS position, as phones
write them, so what the build does with both can be seen.
"""
import os
import random
import subprocess
import sys

from PIL import Image, ImageDraw
from PIL.TiffImagePlugin import IFDRational

CAMERAS = [("Canon", "Canon EOS R5", "RF24-105mm F4 L IS USM"), ("FUJIFILM", "X-T5", "XF35mmF1.4 R"),
           ("NIKON CORPORATION", "NIKON Z 6_2", "NIKKOR Z 50mm f/1.8 S"), ("Apple", "iPhone 15 Pro", "iPhone 15 Pro back camera 6.86mm f/1.78")]


def picture(width, height, seed):
    rng = random.Random(seed)
    top = tuple(rng.randrange(20, 235) for _ in range(3))
    bottom = tuple(rng.randrange(20, 235) for _ in range(3))
    gradient = Image.linear_gradient("L").resize((width, height))
    image = Image.composite(Image.new("RGB", (width, height), top), Image.new("RGB", (width, height), bottom), gradient)
    draw = ImageDraw.Draw(image)
    for _ in range(rng.randrange(3, 9)):
        x, y = rng.randrange(width), rng.randrange(height)
        r = rng.randrange(width // 20, width // 4)
        colour = tuple(rng.randrange(256) for _ in range(3))
        if rng.random() < 0.5:
            draw.ellipse((x - r, y - r, x + r, y + r), fill=colour)
        else:
            draw.rectangle((x - r, y - r // 2, x + r, y + r // 2), fill=colour)
    # Fine noise, as a sensor gives: without it the JPEGs are unrealistically small.
    noise = Image.effect_noise((width, height), 24).convert("RGB")
    return Image.blend(image, noise, 0.12)


def exif_for(seed, orientation=None, gps=False, taken=None):
    rng = random.Random(seed)
    make, model, lens = CAMERAS[seed % len(CAMERAS)]
    exif = Image.Exif()
    exif[0x010F] = make
    exif[0x0110] = model
    if orientation:
        exif[0x0112] = orientation
    ifd = exif.get_ifd(0x8769)
    ifd[0x9003] = taken or "2026:%02d:%02d %02d:%02d:00" % (rng.randrange(1, 12), rng.randrange(1, 28), rng.randrange(6, 20), rng.randrange(60))
    ifd[0xA434] = lens
    ifd[0x829A] = IFDRational(1, rng.choice([60, 125, 250, 500, 1000]))
    ifd[0x829D] = IFDRational(rng.choice([14, 18, 28, 40, 56, 80]), 10)
    ifd[0x8827] = rng.choice([100, 200, 400, 800, 3200])
    ifd[0x920A] = IFDRational(rng.choice([24, 35, 50, 85]), 1)
    if gps:
        gps_ifd = exif.get_ifd(0x8825)
        gps_ifd[1] = "N"
        gps_ifd[2] = (IFDRational(48, 1), IFDRational(51, 1), IFDRational(29, 1))
        gps_ifd[3] = "E"
        gps_ifd[4] = (IFDRational(2, 1), IFDRational(17, 1), IFDRational(40, 1))
    return exif


def sideways(image, orientation):
    """The pixels as a camera stores them when it writes `orientation` (the viewer turns them back)."""
    return {6: image.transpose(Image.Transpose.ROTATE_90), 8: image.transpose(Image.Transpose.ROTATE_270),
            3: image.transpose(Image.Transpose.ROTATE_180)}.get(orientation, image)


def fixtures(folder):
    os.makedirs(folder, exist_ok=True)
    upright = picture(64, 48, 1)
    sideways(upright, 6).save(f"{folder}/oriented-gps.jpg", quality=85,
                              exif=exif_for(0, orientation=6, gps=True, taken="2026:05:01 12:30:00"))
    upright.save(f"{folder}/plain.jpg", quality=85)
    whole = open(f"{folder}/plain.jpg", "rb").read()
    open(f"{folder}/truncated.jpg", "wb").write(whole[: len(whole) // 2])
    upright.save(f"{folder}/png-named.jpg", format="PNG")
    # 30,000 x 30,000 of one colour: 900 megapixels, about 110 KB compressed.
    Image.new("1", (30000, 30000), 1).save(f"{folder}/bomb.png", optimize=True)
    rng = random.Random(7)
    # 200 KB of noise as a profile: the tests lower the limit (1 MB by default) under it.
    profile = bytes(rng.randrange(256) for _ in range(200 * 1024))
    upright.save(f"{folder}/huge-profile.jpg", quality=85, icc_profile=profile)
    frames = [picture(32, 24, seed) for seed in range(3)]
    frames[0].save(f"{folder}/animated.gif", save_all=True, append_images=frames[1:], duration=100, loop=0)
    open(f"{folder}/not-an-image.jpg", "w").write("This is text, not a photo.\n")
    # A phone's HEIC (HEVC in HEIF) with its EXIF and GPS position: Pillow cannot write HEIF, libvips
    # can (its heifsave, through Debian's libheif and x265).
    upright.save(f"{folder}/phone.jpg", quality=85, exif=exif_for(3, gps=True, taken="2026:06:02 08:15:00"))
    subprocess.run(["vips", "copy", f"{folder}/phone.jpg", f"{folder}/phone.heic[compression=hevc,Q=60]"], check=True)
    os.remove(f"{folder}/phone.jpg")


def site(folder):
    os.makedirs(folder, exist_ok=True)
    sizes = [(1600, 1200), (1200, 1600), (1600, 1000), (1600, 1200), (1200, 1500), (1600, 900)]
    for index, (width, height) in enumerate(sizes):
        orientation = 6 if index in (1, 4) else None
        image = sideways(picture(width, height, 100 + index), orientation or 1)
        image.save(f"{folder}/photo-{index + 1}.jpg", quality=80,
                   exif=exif_for(index, orientation=orientation, gps=index % 2 == 0))


def corpus(folder, count):
    """Photos already in the folder are kept (each is written under a temporary name and renamed
    when whole), so a large corpus can be made ahead of a bench run, or resumed."""
    os.makedirs(folder, exist_ok=True)
    for index in range(count):
        path = f"{folder}/photo-{index:05d}.jpg"
        if os.path.exists(path):
            continue
        orientation = 6 if index % 5 == 1 else None
        image = sideways(picture(4000, 3000, 1000 + index), orientation or 1)
        image.save(path + ".part", format="JPEG", quality=85,
                   exif=exif_for(index, orientation=orientation, gps=index % 3 == 0))
        os.replace(path + ".part", path)


if __name__ == "__main__":
    what = sys.argv[1] if len(sys.argv) > 1 else ""
    if what == "fixtures" and len(sys.argv) == 3:
        fixtures(sys.argv[2])
    elif what == "site" and len(sys.argv) == 3:
        site(sys.argv[2])
    elif what == "corpus" and len(sys.argv) == 4:
        corpus(sys.argv[2], int(sys.argv[3]))
    else:
        sys.exit(__doc__)
