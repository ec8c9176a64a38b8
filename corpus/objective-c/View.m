// ringloc-expect: lines=7 code=4 comments=3 blanks=0
// Traps: a .m that is Objective-C (#import, @implementation), not MATLAB; a string holding //.
#import "View.h"
@implementation View
- (NSString *)url { return @"http://example.com"; } // a comment
/* a block comment */
@end
