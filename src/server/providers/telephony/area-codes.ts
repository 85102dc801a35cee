/**
 * US and Canadian area codes by time zone, for quiet hours. An area code that spans two zones is
 * listed under both: the send gate then requires the hour to be allowed in every zone it may be in,
 * which errs on the side of not texting someone at 7:30 in the morning.
 * Toll-free and non-geographic codes are absent: the sending location's time zone applies.
 */
const zones: Record<string, string> = {
  'America/New_York':
    '201 202 203 207 212 215 216 220 223 227 229 231 234 239 240 248 252 260 267 269 270 272 276 283 301 302 304 305 313 315 317 321 ' +
    '324 326 329 330 332 336 339 347 351 352 363 364 380 386 401 404 407 410 412 413 419 423 434 440 443 445 448 463 470 472 475 ' +
    '478 484 502 508 513 516 517 518 540 551 561 567 570 571 574 582 585 586 603 606 607 609 610 614 616 617 631 640 646 656 667 ' +
    '678 679 680 681 689 703 704 706 716 717 718 724 727 732 734 740 743 754 757 762 765 770 771 772 774 781 786 802 803 804 ' +
    '810 812 813 814 826 828 835 838 839 843 845 848 850 854 856 857 859 860 862 863 864 865 878 904 906 908 910 912 914 917 ' +
    '919 929 930 931 934 937 941 943 947 948 954 959 973 978 980 984 989',
  'America/Chicago':
    '205 210 214 217 218 219 224 225 228 251 254 256 262 270 274 281 308 309 312 314 316 318 319 320 325 327 331 334 337 346 ' +
    '361 364 402 405 409 414 417 423 430 432 447 448 464 469 479 501 504 507 512 515 531 534 539 557 563 572 573 574 580 601 605 ' +
    '608 612 615 618 620 629 630 636 641 651 659 660 662 682 701 708 712 713 715 726 730 731 737 763 769 773 779 785 806 812 ' +
    '815 816 817 830 832 847 850 861 870 872 901 903 906 913 918 920 930 931 936 938 940 945 952 956 972 975 979 985',
  'America/Denver': '208 303 307 308 385 406 432 435 458 505 541 575 605 620 701 719 720 785 801 915 970 983 986',
  'America/Phoenix': '480 520 602 623 928',
  'America/Los_Angeles':
    '206 208 209 213 253 279 310 323 341 350 360 369 408 415 424 425 442 458 503 509 510 530 541 559 562 564 619 626 628 650 ' +
    '657 661 669 702 707 714 725 738 747 760 775 805 818 820 831 840 858 909 916 925 949 951 971 986',
  'America/Anchorage': '907',
  'Pacific/Honolulu': '808',
  'America/Puerto_Rico': '787 939 340',
  'Pacific/Guam': '671 670',
  'Pacific/Pago_Pago': '684',
  // Canada
  'America/Toronto':
    '226 249 263 289 343 354 365 367 382 416 418 437 438 450 468 514 519 548 579 581 613 647 683 705 742 753 807 819 867 873 905',
  'America/Winnipeg': '204 431 584 807 867',
  'America/Regina': '306 474 639',
  'America/Edmonton': '236 250 368 403 587 672 778 780 825 867',
  'America/Vancouver': '236 250 604 672 778',
  'America/Whitehorse': '867',
  'America/Moncton': '428 506',
  'America/Halifax': '782 902',
  'America/St_Johns': '709 879',
  'America/Goose_Bay': '709 879',
};

const canadian = new Set(
  (
    '204 226 236 249 250 263 289 306 343 354 365 367 368 382 403 416 418 428 431 437 438 450 468 474 506 514 519 548 579 581 584 ' +
    '587 604 613 639 647 672 683 705 709 742 753 778 780 782 807 819 825 867 873 879 902 905'
  ).split(' '),
);

const byAreaCode = new Map<string, string[]>();
for (const [zone, codes] of Object.entries(zones)) {
  for (const code of codes.split(' ')) byAreaCode.set(code, [...(byAreaCode.get(code) ?? []), zone]);
}

/** The area code of a +1 number, or null for any other country. */
function areaCodeOf(e164: string): string | null {
  return /^\+1\d{10}$/.test(e164) ? e164.slice(2, 5) : null;
}

/** Every time zone the area code of this number may be in; empty when unknown (toll-free, other countries). */
export function timeZonesFor(e164: string): string[] {
  const code = areaCodeOf(e164);
  // A copy: callers may sort it, and the map is shared.
  return code ? [...(byAreaCode.get(code) ?? [])] : [];
}

/** The provider's country for an area code (available numbers are searched per country). */
export function countryOfAreaCode(areaCode: string): 'US' | 'CA' {
  return canadian.has(areaCode) ? 'CA' : 'US';
}
