// Geek Out! table companion: parametric enclosure (base + lid), OpenSCAD.
// Render: openscad -o base.stl -D 'part="base"' enclosure.scad
//         openscad -o lid.stl  -D 'part="lid"'  enclosure.scad
// Every size below is in millimetres; change them for other modules.

part = "both";            // "base", "lid" or "both" (side by side)
panel = "i2c";            // "i2c": the 4-pin module; "spi": the 7-pin SPI module (hardware/README.md)

// Parts inside
pico_len = 51;  pico_wid = 21;           // Raspberry Pi Pico
screen_w = 26;  screen_h = 15;           // visible OLED area (0.96 inch); 1.3 inch: 30 x 16
// The display module behind the window, held on four M2 pegs under the lid. The hole
// pattern is a typical 0.96-inch board's, I2C or SPI alike: measure yours. The SPI
// module carries 7 header pins (17.8 mm) where the I2C one carries 4 (10.2 mm), on the
// edge above the glass: the lid's lip is cut away there so the header clears it.
module_h = 27.8;                            // board height, header edge included
hole_dx = 23.5;  hole_dy = 23.8;            // mounting holes, centre to centre
header_pins = panel == "spi" ? 7 : 4;
glass_dy = 2;                               // glass centre below the board centre (header side up)
peg_h = 2;  peg_d = 4;                      // the glass's thickness: the glass rests on the lid
button_count = 4;  button_pitch = 16;  button_hole = 12.6;  // 12x12 mm tactile caps
seat_leds = 4;  led_hole = 5.5;         // one LED per seat, one per side

// Box
inner_l = 90;  inner_w = 60;  inner_h = 22;
wall = 2.2;  floor_t = 2;  lid_t = 2;  corner_r = 4;
screw_d = 1.8;  post_d = 6;              // M2 self-tapping into the posts
usb_w = 12;  usb_h = 7;                  // USB opening on the short side
$fn = 48;

outer_l = inner_l + 2 * wall;
outer_w = inner_w + 2 * wall;
// The screen window's centre: the module's board (header edge up) 1.5 mm from the wall.
window_y = outer_w - wall - 1.5 - module_h / 2 - glass_dy;

module rounded_box(l, w, h, r) {
    hull() for (x = [r, l - r], y = [r, w - r]) translate([x, y, 0]) cylinder(r = r, h = h);
}

module posts() {
    for (x = [wall + post_d / 2, outer_l - wall - post_d / 2],
         y = [wall + post_d / 2, outer_w - wall - post_d / 2])
        translate([x, y, 0]) difference() {
            cylinder(d = post_d, h = floor_t + inner_h);
            cylinder(d = screw_d, h = floor_t + inner_h + 1);
        }
}

module base() {
    difference() {
        rounded_box(outer_l, outer_w, floor_t + inner_h, corner_r);
        translate([wall, wall, floor_t]) cube([inner_l, inner_w, inner_h + 1]);
        // USB opening, centred on the left short side, at the Pico's height
        translate([-1, outer_w / 2 - usb_w / 2, floor_t + 3]) cube([wall + 2, usb_w, usb_h]);
        // seat LED windows: one per side, clockwise from the front
        for (i = [0 : seat_leds - 1]) led_window(i);
    }
    posts();
    // Pico cradle rails
    translate([wall + 6, outer_w / 2 - pico_wid / 2 - 1.2, floor_t]) cube([pico_len, 1.2, 3]);
    translate([wall + 6, outer_w / 2 + pico_wid / 2, floor_t]) cube([pico_len, 1.2, 3]);
}

module led_window(i) {
    z = floor_t + inner_h - 6;
    if (i == 0) translate([outer_l / 2, -1, z]) rotate([-90, 0, 0]) cylinder(d = led_hole, h = wall + 2);
    if (i == 1) translate([outer_l + 1, outer_w / 2, z]) rotate([0, -90, 0]) cylinder(d = led_hole, h = wall + 2);
    if (i == 2) translate([outer_l / 2, outer_w + 1, z]) rotate([90, 0, 0]) cylinder(d = led_hole, h = wall + 2);
    if (i == 3) translate([-1, outer_w / 2 + usb_w, z]) rotate([0, 90, 0]) cylinder(d = led_hole, h = wall + 2);
}

module lid() {
    difference() {
        rounded_box(outer_l, outer_w, lid_t, corner_r);
        // screen window, upper part of the lid
        translate([outer_l / 2 - screen_w / 2, window_y - screen_h / 2, -1])
            cube([screen_w, screen_h, lid_t + 2]);
        // button row along the front edge
        for (i = [0 : button_count - 1])
            translate([outer_l / 2 + (i - (button_count - 1) / 2) * button_pitch, wall + 4 + button_hole / 2, -1])
                cylinder(d = button_hole, h = lid_t + 2);
        // screw holes
        for (x = [wall + post_d / 2, outer_l - wall - post_d / 2],
             y = [wall + post_d / 2, outer_w - wall - post_d / 2])
            translate([x, y, -1]) cylinder(d = screw_d + 0.6, h = lid_t + 2);
    }
    // lip that keeps the lid in place
    translate([wall + 0.3, wall + 0.3, -1.5]) difference() {
        cube([inner_l - 0.6, inner_w - 0.6, 1.5]);
        translate([1.2, 1.2, -1]) cube([inner_l - 3, inner_w - 3, 4]);
        // leave room for the posts
        for (x = [0, inner_l - post_d - 1], y = [0, inner_w - post_d - 1])
            translate([x - 0.5, y - 0.5, -1]) cube([post_d + 2, post_d + 2, 4]);
        // and for the display's header (2.54 mm a pin, 1 mm spare each side)
        translate([inner_l / 2 - 0.3 - (header_pins * 2.54 + 2) / 2, inner_w - 3, -1])
            cube([header_pins * 2.54 + 2, 4, 4]);
    }
    // the display module's pegs, M2 self-tapping into them from the module's holes
    module_y = window_y + glass_dy;
    for (sx = [-1, 1], sy = [-1, 1])
        translate([outer_l / 2 + sx * hole_dx / 2, module_y + sy * hole_dy / 2, -peg_h])
            difference() {
                cylinder(d = peg_d, h = peg_h);
                translate([0, 0, -1]) cylinder(d = screw_d, h = peg_h + 0.5);
            }
}

if (part == "base") base();
else if (part == "lid") lid();
else { base(); translate([0, outer_w + 10, lid_t]) lid(); }
